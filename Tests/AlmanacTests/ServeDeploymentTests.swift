import Foundation
import TestSupport
import Testing

/// The deployment docs/serve.md shows, run for real: the systemd unit (`docs/deploy/almanac.service`)
/// checked by `systemd-analyze verify` and started, asked and stopped as systemd would (a plain
/// supervisor where systemd is not running: `Tests/Deploy/supervise_unit.py`); and nginx with the
/// documented site (`docs/deploy/almanac.nginx.conf`) in front of a loopback server, as the usual
/// deployment has it. Before `--allowed-host`, nginx on the same machine got 421 for every request.
@Suite struct ServeDeploymentTests {
    static let deploy = Workdir.packageRoot.appendingPathComponent("docs/deploy")

    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
    }

    /// A free port on loopback, as the system hands one out.
    static func freePort() throws -> Int {
        Int(
            try Python.run("import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
                .trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    /// The documented unit with this test's binary, folder, port and password file in place of the
    /// installed ones.
    func unit(port: Int) throws -> String {
        var unit = try String(contentsOf: Self.deploy.appendingPathComponent("almanac.service"), encoding: .utf8)
        for (installed, here) in [
            ("/usr/local/bin/almanac", Workdir.binary.path), ("/var/lib/almanac", dir.url.path),
            ("/etc/almanac/password", dir.path("password")), ("--port 8080", "--port \(port)"),
        ] {
            #expect(unit.contains(installed), "the unit names \(installed)")
            unit = unit.replacingOccurrences(of: installed, with: here)
        }
        return unit
    }

    @Test(.enabled(if: Python.missing == nil, "python3 supervises the unit (make deps installs it)"))
    func theSystemdUnitStartsAnswersAndStopsCleanly() throws {
        try dir.write("password", "s3cret\r\n")
        let port = try Self.freePort()
        try dir.write("almanac.service", try unit(port: port))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verified = try dir.run(
                ["verify", "--man=no", dir.path("almanac.service")],
                executable: URL(fileURLWithPath: "/usr/bin/systemd-analyze"))
            #expect(verified.status == 0 && verified.stderr.isEmpty, "systemd-analyze: \(verified.stderr)")
        }
        let script = Workdir.packageRoot.appendingPathComponent("Tests/Deploy/supervise_unit.py").path
        let run = try dir.run(
            [
                script, dir.path("almanac.service"), "http://127.0.0.1:\(port)/", "--ask", "/books",
                "--ask", "/books,s3cret", "--ask", "/books,s3cret,almanac.example.org",
                "--ask", "/books,s3cret,evil.example", "--ask", "/books,wrong",
            ], executable: Python.executable)
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let answers = try #require(result["answers"] as? [String: Int])
        #expect(
            answers == [
                "/books": 401, "/books,s3cret": 200, "/books,s3cret,almanac.example.org": 200,
                "/books,s3cret,evil.example": 421, "/books,wrong": 401,
            ], "\(result)")
        #expect(result["exit"] as? Int == 0, "\(result)")
        #expect((result["stopped_in"] as? Double ?? 99) < 5)
        #expect((result["stdout"] as? String)?.contains("http://127.0.0.1:\(port)/") == true)
        // The wrong password is logged with the address, never the password.
        let log = result["stderr"] as? String ?? ""
        #expect(log.contains("wrong password from 127.0.0.1") && !log.contains("wrong\n"), "\(log)")
    }

    @Test(.enabled(if: Self.nginx != nil, "nginx is not installed (make test-deps installs it)"))
    func nginxInFrontOfALoopbackServerWorks() throws {
        let nginx = try #require(Self.nginx)
        let server = try RunningServer(dir, ["--allowed-host", "almanac.example.org"])
        let backend = String(server.url.dropFirst("http://".count).dropLast())
        let port = try Self.freePort()
        var site = try String(
            contentsOf: Self.deploy.appendingPathComponent("almanac.nginx.conf"), encoding: .utf8)
        for (documented, here) in [("listen 80;", "listen 127.0.0.1:\(port);"), ("127.0.0.1:8080", backend)] {
            #expect(site.contains(documented))
            site = site.replacingOccurrences(of: documented, with: here)
        }
        try FileManager.default.createDirectory(atPath: dir.path("nginx"), withIntermediateDirectories: true)
        try dir.write("nginx/site.conf", site)
        try dir.write(
            "nginx/nginx.conf",
            """
            worker_processes 1;
            error_log \(dir.path("nginx/error.log"));
            pid \(dir.path("nginx/nginx.pid"));
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(dir.path("nginx/body"));
                proxy_temp_path \(dir.path("nginx/proxy"));
                fastcgi_temp_path \(dir.path("nginx/fastcgi"));
                uwsgi_temp_path \(dir.path("nginx/uwsgi"));
                scgi_temp_path \(dir.path("nginx/scgi"));
                include \(dir.path("nginx/site.conf"));
            }
            """)
        let proxy = Process()
        proxy.executableURL = nginx
        proxy.arguments = ["-p", dir.path("nginx"), "-c", dir.path("nginx/nginx.conf"), "-g", "daemon off;"]
        proxy.standardError = FileHandle.nullDevice
        try proxy.run()
        defer {
            proxy.terminate()
            proxy.waitUntilExit()
        }
        let front = "http://127.0.0.1:\(port)/"
        var page = RunningServer.Answer(status: 0, headers: [:], body: "")
        for _ in 0..<50 where page.status == 0 {
            page = try RunningServer.curl("GET", front + "books", headers: ["Host": "almanac.example.org"], body: nil)
            if page.status == 0 { Thread.sleep(forTimeInterval: 0.1) }
        }
        // The name nginx passes (`Host: $host`) is answered; the headers come through.
        #expect(page.status == 200 && page.headers["content-security-policy"] != nil, "\(page.status)")
        let token = try #require(RunningServer.token(in: page.body))
        // A form from a page of that name (as a browser on port 80 sends it) is taken.
        let returned = try RunningServer.curl(
            "POST", front + "books/11/return",
            headers: [
                "Host": "almanac.example.org", "Origin": "http://almanac.example.org",
                "Content-Type": "application/x-www-form-urlencoded",
            ], body: "csrf=" + token)
        #expect(returned.status == 303 && returned.headers["location"]?.hasPrefix("/books?done=returned") == true)
        // Another name through the same proxy is refused, with the headers.
        let other = try RunningServer.curl("GET", front + "books", headers: ["Host": "evil.example"], body: nil)
        #expect(other.status == 421 && other.headers["x-frame-options"] == "DENY")
        // A listing sent as it is read comes through whole.
        let json = try RunningServer.curl(
            "GET", front + "books", headers: ["Host": "almanac.example.org", "Accept": "application/json"], body: nil)
        let direct = try server.get("/books", headers: ["Accept": "application/json"])
        #expect(json.status == 200 && json.body == direct.body)
        #expect(server.stop() == 0)
    }

    /// nginx, where Debian puts it.
    static let nginx: URL? = ["/usr/sbin/nginx", "/usr/bin/nginx"].map(URL.init(fileURLWithPath:)).first {
        FileManager.default.isExecutableFile(atPath: $0.path)
    }
}
