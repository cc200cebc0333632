/// SQLite's extended result codes that Almanac tells apart. The C headers define them as macros built
/// from expressions, which Swift does not import.
public enum ResultCode {
    public static let constraintCheck: Int32 = 19 | (1 << 8)
    public static let constraintForeignKey: Int32 = 19 | (3 << 8)
    public static let constraintNotNull: Int32 = 19 | (5 << 8)
    public static let constraintPrimaryKey: Int32 = 19 | (6 << 8)
    public static let constraintTrigger: Int32 = 19 | (7 << 8)
    public static let constraintUnique: Int32 = 19 | (8 << 8)
    public static let constraintDatatype: Int32 = 19 | (12 << 8)
}
