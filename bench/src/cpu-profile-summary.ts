import { readFileSync } from 'node:fs';

// Summarizes a V8 CPU profile (`node --cpu-prof`): where the samples were taken (self time by
// function) and how much of them ran under each of Quire's functions (inclusive time), so a
// profile of the server under load reads as "what each request spends its time on".
// Usage: tsx src/cpu-profile-summary.ts <file.cpuprofile> [rows]

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArgument] = process.argv.slice(2);
if (file === undefined) throw new Error('Usage: cpu-profile-summary <file.cpuprofile> [rows]');
const rows = Number(rowsArgument ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

const selfTime = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  total += delta;
  selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
});

const label = ({ callFrame }: ProfileNode) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\/\.pnpm\//, '').replace(/^file:\/\/.*?\/apps\/server\//, '')}:${callFrame.lineNumber + 1}`;
const isQuire = (node: ProfileNode) => node.callFrame.url.includes('/apps/server/');

const bySelf = new Map<string, number>();
const byQuireFunction = new Map<string, number>();
for (const [id, time] of selfTime) {
  const node = nodes.get(id);
  if (node === undefined) continue;
  bySelf.set(label(node), (bySelf.get(label(node)) ?? 0) + time);
  const counted = new Set<string>();
  for (
    let current: number | undefined = id;
    current !== undefined;
    current = parents.get(current)
  ) {
    const frame = nodes.get(current);
    if (frame === undefined || !isQuire(frame) || counted.has(label(frame))) continue;
    counted.add(label(frame));
    byQuireFunction.set(label(frame), (byQuireFunction.get(label(frame)) ?? 0) + time);
  }
}

const print = (title: string, times: Map<string, number>) => {
  console.log(title);
  for (const [name, time] of [...times].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(6)}%  ${name}`);
  }
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
print('Self time, by function:', bySelf);
print("Inclusive time, by Quire's functions:", byQuireFunction);
