/// The version `almanac --version` prints.
public enum AlmanacVersion {
    /// Semantic version of this release.
    public static let current = "0.1.0"
}
