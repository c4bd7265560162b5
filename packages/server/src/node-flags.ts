/**
 * The flags Node is started with wherever it serves (`npm start`, the
 * `tabletop` command, the benches' servers): they must be given at launch,
 * since V8 sizes its heap before any of our code runs.
 *
 * A larger young generation: a busy server makes many short-lived objects
 * (views, frames, legal actions) beside a large old generation of live
 * matches; with Node's default, the scavenges promote many of them, and
 * the old generation's collections then stall the event loop. Measured
 * with `bench:server-nemesis` on 2 cores, one process at 1,125 four-player
 * matches: people's p99 449 ms with 32 MB, 137 ms with 64 MB, 34 ms with
 * 128 MB (event loop lag p99 131, 24 and 22 ms). The young generation grows
 * to it only under that much allocation: a server of a few matches stays
 * small.
 */
export const serverNodeFlags: readonly string[] = ['--max-semi-space-size=128'];
