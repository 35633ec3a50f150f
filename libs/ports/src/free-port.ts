import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where the kernel picks ports by itself (port-0 listeners, the local side of outgoing connections). */
function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // Not Linux: IANA's dynamic range, what other kernels default to.
  }
  return { low: 49152, high: 65535 };
}

/** Picked from below the ephemeral range, above the ports services conventionally own. */
const LOWEST = 10_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port on 127.0.0.1 that nothing listens on, for a process started next to bind. It is picked below
 * the kernel's ephemeral range, so that nothing takes it in the seconds before that process listens:
 * an ephemeral port free when picked was once taken meanwhile (the child's own outgoing connections and
 * port-0 listeners draw from that range), and the bench's API process died of EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralRange();
  const highest = Math.min(low, 65_536) - 1;
  if (highest - LOWEST >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
      if (await canListen(port)) return port;
    }
  }
  // No room below the range (or all taken): the kernel's pick, with the race this avoids elsewhere.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
