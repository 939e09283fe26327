import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// This machine's IPv4 addresses on the networks it is connected to (loopback and link-local ones
/// left out): where others on those networks reach a server listening on every address. Its name
/// alone often leads nowhere off the machine (a school's network has no name for it). Bridges to
/// containers and virtual machines come last.
enum NetworkAddresses {
    static let virtualInterfaces = ["docker", "br-", "veth", "virbr", "vnet", "lxc", "cni", "flannel"]

    static func current() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found = [(address: String, isVirtual: Bool)]()
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(bitPattern: entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_RUNNING) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            let name = String(cString: entry.pointee.ifa_name)
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var internet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &internet, &text, socklen_t(text.count)) != nil else { continue }
            let written = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard !written.hasPrefix("169.254."), !found.contains(where: { $0.address == written }) else { continue }
            found.append((written, virtualInterfaces.contains { name.hasPrefix($0) }))
        }
        return found.filter { !$0.isVirtual }.map(\.address) + found.filter(\.isVirtual).map(\.address)
    }
}
