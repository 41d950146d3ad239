// An external engine in Node.js (no dependencies): a uniformly random legal step.
//
// valdora_ai runs it as a tournament entrant `cmd:"node examples/random_bot.mjs"`.
// It reads one engine-protocol `move` request per line on stdin (its seat's view of
// the position, the legal steps and its time) and answers `{"id": ..., "step": ...}`
// on stdout; `{"action": "quit"}` or the end of its input ends it. The protocol is in
// docs/tournaments.md#external-engines.
//
// Usage: node examples/random_bot.mjs [seed]
import { createInterface } from "node:readline";

// A small seeded generator (mulberry32), so a seeded bot plays the same game twice.
let state = Number(process.argv[2] ?? 1) >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  if (request.action === "quit") {
    lines.close();
    return;
  }
  if (request.action !== "move") return;
  const legal = request.legal;
  const pick = legal[Math.floor(random() * legal.length)];
  process.stdout.write(JSON.stringify({ id: request.id, step: pick.step }) + "\n");
});
