// A minimal Node.js client for `valdora engine` (no dependencies).
//
// It starts the engine, shakes hands, asks for the legal steps of a fresh 3-player
// game, asks an agent to analyse it (streaming partial results when the agent
// searches), plays the best step with `apply`, and quits. Every request carries an
// id; responses are matched to their request by it, so several may be in flight.
//
// Usage: node examples/engine_client.mjs [path/to/valdora] [agent spec]
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const command = process.argv[2] ?? "valdora";
const agent = process.argv[3] ?? "greedy";
const engine = spawn(command, ["engine"], { stdio: ["pipe", "pipe", "inherit"] });
const waiting = new Map(); // id -> {resolve, onPartial}

createInterface({ input: engine.stdout }).on("line", (line) => {
  const response = JSON.parse(line);
  const query = waiting.get(response.id);
  if (!query) return;
  if (response.isDuringSearch) {
    query.onPartial?.(response);
    return;
  }
  waiting.delete(response.id);
  query.resolve(response);
});

let nextId = 0;
function ask(request, onPartial) {
  const id = `q${++nextId}`;
  return new Promise((resolve) => {
    waiting.set(id, { resolve, onPartial });
    engine.stdin.write(JSON.stringify({ id, ...request }) + "\n");
  });
}

function check(response) {
  if (response.error) {
    throw new Error(`${response.error.code} at ${response.error.field}: ${response.error.message}`);
  }
  return response;
}

const setup = { players: 3, seed: 1 };
const hello = check(await ask({ action: "version" }));
console.log(`engine ${hello.name} ${hello.version}, protocol ${hello.protocol}, agents ${hello.agents.join(" ")}`);

const legal = check(await ask({ action: "legal", setup }));
console.log(`seat ${legal.toMove} may play: ${legal.steps.map((s) => s.move).join(" ")}`);

let partials = 0;
const analysis = check(await ask(
  { action: "analyze", setup, agent, budget: { seconds: 1 }, topK: 3, reportEvery: 0.1 },
  () => { partials += 1; },
));
const best = analysis.candidates[0];
console.log(`${analysis.agent} suggests ${best.move} (${analysis.candidates.length} candidates, ${partials} partial results)`);

const applied = check(await ask({ action: "apply", setup, steps: [best.step] }));
console.log(`after ${applied.applied.join(" ")}: seat ${applied.toMove} to decide, phase ${applied.position.phase}`);

const bad = await ask({ action: "apply", setup, steps: ["nowhere"] });
console.log(`a bad step is refused: ${bad.error.code} (${bad.error.field})`);

engine.stdin.write(JSON.stringify({ id: "bye", action: "quit" }) + "\n");
engine.on("close", (code) => {
  console.log(`engine exited with ${code}`);
  process.exit(code);
});
