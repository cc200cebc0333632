import Foundation

/// SHA-256 through the system's OpenSSL libcrypto, loaded at run time: no build dependency, and a
/// machine without it falls back to the portable code in `SHA256`.
final class SystemDigest {
    private typealias NewContext = @convention(c) () -> OpaquePointer?
    private typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    private typealias Algorithm = @convention(c) () -> OpaquePointer?
    private typealias Initialize = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    private typealias Update = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    private typealias Final = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32

    private struct Library: @unchecked Sendable {
        let new: NewContext, free: FreeContext, sha256: Algorithm, initialize: Initialize, update: Update, final: Final
    }

    /// The library's functions, looked up once; nil when libcrypto is not there.
    private static let library: Library? = {
        guard let handle = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libcrypto.so", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let new = symbol("EVP_MD_CTX_new", NewContext.self), let free = symbol("EVP_MD_CTX_free", FreeContext.self),
            let sha256 = symbol("EVP_sha256", Algorithm.self), let initialize = symbol("EVP_DigestInit_ex", Initialize.self),
            let update = symbol("EVP_DigestUpdate", Update.self), let final = symbol("EVP_DigestFinal_ex", Final.self)
        else { return nil }
        return Library(new: new, free: free, sha256: sha256, initialize: initialize, update: update, final: final)
    }()

    private let library: Library
    private let context: OpaquePointer

    private init?(library: Library) {
        guard let context = library.new() else { return nil }
        guard library.initialize(context, library.sha256(), nil) == 1 else {
            library.free(context)
            return nil
        }
        self.library = library
        self.context = context
    }

    deinit { library.free(context) }

    /// A new digest, or nil when libcrypto cannot be used.
    static func make() -> SystemDigest? {
        return library.flatMap { SystemDigest(library: $0) }
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        _ = library.update(context, bytes.baseAddress, bytes.count)
    }

    /// The digest as 64 lowercase hex digits.
    func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        _ = library.final(context, &digest, &length)
        // Digits written by hand: String(format:) per byte costs more than the hashing of a small file.
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
