#!/usr/bin/env node
/**
 * Import cycles in one or more source trees: `node scripts/check-imports.mjs web/src [server/src …]`.
 *
 * Reads every source file under each root (tests left out: `*.test.*`, `*.spec.*` and anything under a
 * `test/` folder), takes its relative imports (`import`, `import type`, `export … from`, `import('…')`,
 * `require('…')`) with TypeScript's parser, and resolves them as a bundler would: `./x.js` may name
 * `x.ts` or `x.tsx`, a folder means its `index`. Imports of packages, of non-source files (CSS) and of
 * files outside the root are ignored. Each root is checked on its own.
 *
 * Reports, with one example import for each step of the chain:
 * - every cycle between files;
 * - every cycle between folders, at each depth below the root: at depth 1 each file counts as the
 *   folder directly under the root that holds it (`features`), at depth 2 as the folder two levels
 *   down (`features/posts`), and so on; a file less deep than that counts as its own folder, so a
 *   folder's index importing its subfolder, which imports a sibling of that index, is a cycle too.
 *
 * Exits 1 when there is a cycle, 2 when a root cannot be read; otherwise prints one line per root.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TEST = /\.(test|spec)\.[^/]+$/;
/** What a `.js`-style specifier may name on disk (TypeScript's NodeNext and bundler rules). */
const JS_TO_TS = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** How many cycles one strongly connected component may print before the rest is summed up. */
const MAX_CYCLES_PER_COMPONENT = 20;

const rel = (from, to) => path.relative(from, to).split(path.sep).join('/') || '.';

function listSources(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'test' || entry.name.startsWith('.')) continue;
      listSources(full, out);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** Every module specifier the file names, with its line (1-based). */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (literal) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    found.push({ specifier: literal.text, line });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(callee) && callee.text === 'require';
      if (dynamic || required) add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node)) {
      // `typeof import('./x')` and `import('./x').T` in types.
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isFile(candidate) {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** The source file a relative specifier names, or undefined (a package, CSS, a missing file). */
function resolve(fromFile, specifier) {
  if (
    !specifier.startsWith('./') &&
    !specifier.startsWith('../') &&
    specifier !== '.' &&
    specifier !== '..'
  ) {
    return undefined;
  }
  const target = path.resolve(path.dirname(fromFile), specifier);
  const extension = path.extname(target);
  const candidates = [];
  if (JS_TO_TS[extension]) {
    const stem = target.slice(0, -extension.length);
    candidates.push(...JS_TO_TS[extension].map((ext) => stem + ext), target);
  } else if (EXTENSIONS.includes(extension)) {
    candidates.push(target);
  } else {
    candidates.push(...EXTENSIONS.map((ext) => target + ext));
  }
  candidates.push(...EXTENSIONS.map((ext) => path.join(target, `index${ext}`)));
  const found = candidates.find(isFile);
  return found && SOURCE.test(found) ? found : undefined;
}

/** Tarjan's strongly connected components of `graph` (Map<node, Map<node, example>>), iteratively. */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, targets: [...graph.get(start).keys()], at: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, targets: [...graph.get(target).keys()], at: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** The shortest path from `from` to `to` inside `members`, as a list of nodes (both ends included). */
function shortestPath(graph, members, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    if (node === to) break;
    for (const target of [...graph.get(node).keys()].sort()) {
      if (!members.has(target) || previous.has(target)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  if (!previous.has(to)) return undefined;
  const nodes = [];
  for (let node = to; node !== null; node = previous.get(node)) nodes.unshift(node);
  return nodes;
}

/**
 * The cycles of `graph`, as node lists that start and end with the same node: for each strongly
 * connected component of more than one node (or a node importing itself), the shortest cycle through
 * each of its edges that no cycle listed so far used, so every import that takes part in a cycle
 * shows up in one.
 */
function cyclesOf(graph) {
  const result = [];
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    const selfLoop = component.length === 1 && graph.get(component[0]).has(component[0]);
    if (component.length === 1 && !selfLoop) continue;
    const cycles = [];
    const covered = new Set();
    let uncovered = 0;
    for (const from of [...members].sort()) {
      for (const to of [...graph.get(from).keys()].sort()) {
        if (!members.has(to) || covered.has(`${from}\0${to}`)) continue;
        if (cycles.length >= MAX_CYCLES_PER_COMPONENT) {
          uncovered++;
          continue;
        }
        const back = from === to ? [to] : shortestPath(graph, members, to, from);
        const cycle = [from, ...back];
        for (let i = 0; i + 1 < cycle.length; i++) covered.add(`${cycle[i]}\0${cycle[i + 1]}`);
        cycles.push(cycle);
      }
    }
    result.push({ members: [...members].sort(), cycles, uncovered });
  }
  return result;
}

function addEdge(graph, from, to, example) {
  if (!graph.has(from)) graph.set(from, new Map());
  if (!graph.has(to)) graph.set(to, new Map());
  const targets = graph.get(from);
  if (!targets.has(to)) targets.set(to, example);
}

/** The folder (relative to the root, '.' for the root) standing for `file` at `depth`. */
function folderAt(fileRel, depth) {
  return folderOf(fileRel.split('/').slice(0, -1).join('/') || '.', depth);
}

/** A folder cut to its first `depth` levels ('.' for the root). */
function folderOf(folder, depth) {
  if (folder === '.') return folder;
  return folder.split('/').slice(0, depth).join('/') || '.';
}

/**
 * One name for a cycle (its nodes, first one repeated at the end) whatever node it is read from, with
 * steps within one node merged; undefined when it merges into a single node.
 */
function cycleKey(cycle) {
  const nodes = cycle.slice(0, -1).filter((node, i, all) => node !== all[(i + 1) % all.length]);
  if (nodes.length < 2) return undefined;
  const rotations = nodes.map((_, i) => [...nodes.slice(i), ...nodes.slice(0, i)].join('\0'));
  return rotations.sort()[0];
}

function describe(graph, cycle, label, root, cwd) {
  const lines = [`  ${cycle.map(label).join(' -> ')}`];
  for (let i = 0; i + 1 < cycle.length; i++) {
    const { file, line, specifier } = graph.get(cycle[i]).get(cycle[i + 1]);
    const step =
      cycle.length > 2 || cycle[0] !== cycle[1] ? `${label(cycle[i])} -> ${label(cycle[i + 1])}: ` : '';
    lines.push(`      ${step}${rel(cwd, path.join(root, file))}:${line} imports '${specifier}'`);
  }
  return lines.join('\n');
}

function checkRoot(rootArg, cwd) {
  const root = path.resolve(cwd, rootArg);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    console.error(`check-imports: ${rootArg} is not a folder`);
    return { failed: true, usage: true };
  }
  const files = listSources(root);
  const known = new Set(files);
  /** file (relative to the root) -> file -> { file, line, specifier } */
  const fileGraph = new Map();
  const edges = [];
  for (const file of files) {
    const from = rel(root, file);
    if (!fileGraph.has(from)) fileGraph.set(from, new Map());
    for (const { specifier, line } of importsOf(file)) {
      const target = resolve(file, specifier);
      if (!target || !known.has(target)) continue; // a package, CSS, a test, or outside the root
      const to = rel(root, target);
      const example = { file: from, line, specifier };
      addEdge(fileGraph, from, to, example);
      edges.push({ from, to, example });
    }
  }

  const reports = [];
  for (const { cycles, uncovered } of cyclesOf(fileGraph)) {
    for (const cycle of cycles) {
      reports.push(`File cycle in ${rootArg}:\n${describe(fileGraph, cycle, (f) => f, root, cwd)}`);
    }
    if (uncovered > 0) reports.push(`  … and ${uncovered} more imports in the same file cycle`);
  }

  const maxDepth = Math.max(1, ...files.map((file) => rel(root, file).split('/').length - 1));
  /** Every folder cycle met so far, reported or not, by `cycleKey`. */
  const met = new Set();
  const label = (folder) => `${folder === '.' ? '(root)' : folder}/`;
  for (let depth = 1; depth <= maxDepth; depth++) {
    const folderGraph = new Map();
    for (const { from, to, example } of edges) {
      const a = folderAt(from, depth);
      const b = folderAt(to, depth);
      if (a !== b) addEdge(folderGraph, a, b, example);
    }
    for (const { cycles, uncovered } of cyclesOf(folderGraph)) {
      let shown = 0;
      for (const cycle of cycles) {
        // The same cycle one level deeper (a -> b -> a as a/x -> b -> a/x) is reported once, at the
        // shallowest depth; a cycle inside one folder of the level above is new.
        const key = cycleKey(cycle);
        const above = cycleKey(cycle.map((folder) => folderOf(folder, depth - 1)));
        const repeat = met.has(key) || (above !== undefined && met.has(above));
        met.add(key);
        if (repeat) continue;
        shown++;
        reports.push(
          `Folder cycle in ${rootArg} (depth ${depth}):\n${describe(folderGraph, cycle, label, root, cwd)}`,
        );
      }
      if (uncovered > 0 && shown > 0) {
        reports.push(`  … and ${uncovered} more folder imports in the same cycle`);
      }
    }
  }

  if (reports.length > 0) {
    console.log(reports.join('\n\n'));
    return { failed: true };
  }
  console.log(
    `check-imports: ${rootArg}: OK, ${files.length} files, ${edges.length} imports, no cycle between files` +
      ` or between folders (depth 1 to ${maxDepth})`,
  );
  return { failed: false };
}

const roots = process.argv.slice(2);
if (roots.length === 0) {
  console.error('Usage: node scripts/check-imports.mjs <source root> [<source root> …]');
  process.exit(2);
}
let failed = false;
let usage = false;
for (const root of roots) {
  const result = checkRoot(root, process.cwd());
  failed ||= result.failed;
  usage ||= Boolean(result.usage);
}
process.exit(usage ? 2 : failed ? 1 : 0);
