import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Lists the `.xml` files under a folder with plain `readdir` and `lstat`: links
/// to folders are not followed (so a link loop cannot trap the walk), nothing is
/// opened, so a FIFO among the files cannot block it. A link to a file is kept
/// (it is read through `PosixFile`, which refuses what is not a regular file).
enum FolderWalk {
    /// Appends every entry whose name ends in `.xml` (any case) that is not a folder;
    /// false when `folder` itself cannot be listed.
    static func xmlFiles(in folder: String, maxDepth: Int, into found: inout [URL]) -> Bool {
        guard let dir = opendir(folder) else { return false }
        defer { closedir(dir) }
        var subfolders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                subfolders.append(path)
            } else if name.lowercased().hasSuffix(".xml") {
                found.append(URL(fileURLWithPath: path))
            }
        }
        if maxDepth > 0 {
            for sub in subfolders.sorted() { _ = xmlFiles(in: sub, maxDepth: maxDepth - 1, into: &found) }
        }
        return true
    }
}
