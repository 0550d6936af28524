/**
 * The fuzz campaign's corpus, mutations and targets, shared by the worker processes
 * (bench/fuzz-worker.ts) and the unit suite's deterministic slice (test/unit/hostile).
 *
 * Everything about one input follows from its seed: the corpus member, the target and the
 * mutation, so `npm run fuzz -- --replay SEED` runs it again.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as v8 from 'v8';
import * as zlib from 'zlib';
import { describeTracks } from '../src/kinds/describe';
import { sampleStream } from '../src/kinds/sample';
import { applyAnimation, initialState } from '../src/kinds/apply';
import { bindPoseModel, poseModel } from '../src/anim/pose';
import { DEFAULT_MAX_SAMPLES, SampleLimitError } from '../src/kinds/sample';
import { exportModelDocument, GltfRefused } from '../src/gltf/exportModel';
import { bindModel } from '../src/extension/model/binding';
import { exportDecoded } from '../src/export/json';
import { jsonFileText, sampleDocument, writeJson } from '../src/export/serialize';
import {
  compressionOf, decompressEntry, extractAny, isAnyArchive, listArchiveTree, openAnyArchive,
} from '../src/formats/archive/archive';
import { locateInArchive } from '../src/formats/archive/archive-path';
import { Diagnostic, DiagnosticSink } from '../src/formats/binary/diagnostics';
import type { FieldNode } from '../src/formats/binary/fields';
import { decode, detect } from '../src/formats/index';
import { decodeModel } from '../src/formats/model/model';
import { decodeModelTextures } from '../src/formats/model/tex1';
import type { ModelData } from '../src/formats/model/types';
import { isAnimFormat } from '../src/kinds/registry';
import type { DecodedFile } from '../src/formats/types';
import { loadedFileOf } from '../src/wire/loadedFile';
import { isHostToWebview, msg } from '../src/wire/protocol';
import { buildFromExport } from '../src/write/exportBuild';
import { prng } from '../test/fixtures/prng';
import { bombMembers } from './fuzz-bombs';
import { buildPks } from '../test/fixtures/pks-writer';
import { listSamples, samplePath, SAMPLES_DIR } from '../test/unit/helpers';

/** Largest sample document the fuzz sample target writes (the CLI's default limit is DEFAULT_MAX_SAMPLES). */
export const FUZZ_MAX_SAMPLES = Math.min(DEFAULT_MAX_SAMPLES, 1_000_000);

export type MemberKind = 'anim' | 'archive' | 'pks' | 'model';
/**
 * `pose`: the model posed by an animation (the bound model by the input, or the input model by a
 * real BCK); `textures`: the input model's texels; `load`: the editor's load message, bound to a
 * model, through the page's check; `export`: the JSON export written out; `gltf`: the glTF document
 * `animscope gltf` builds (the input model with a real BCK, or the real model with the input animation).
 */
export const TARGETS = ['decode', 'sample', 'describe', 'binding', 'archive', 'pks-gzip', 'model', 'pose', 'textures', 'load', 'export', 'rebuild', 'gltf'] as const;
export type Target = (typeof TARGETS)[number];

const TARGETS_OF: Record<MemberKind, Target[]> = {
  anim: ['decode', 'sample', 'describe', 'binding', 'pose', 'load', 'export', 'rebuild', 'gltf'],
  archive: ['archive'],
  pks: ['pks-gzip'],
  model: ['model', 'binding', 'pose', 'textures', 'load', 'export', 'gltf'],
};

export interface Member {
  name: string;
  kind: MemberKind;
  bytes: Uint8Array;
  /** Offsets and sizes of the 2- and 4-byte fields of the decoder's field tree (where extreme values go). */
  fields: { offset: number; size: 2 | 4 }[];
}

export interface Corpus {
  members: Member[];
  /**
   * Members per kind with cumulative choice weights ∝ 1/√size (a 1.8 MB motion.bin comes up ten
   * times less often than a 20 KB BCK, so a campaign of a million inputs fits in about an hour).
   */
  byKind: { kind: MemberKind; share: number; members: Member[]; weights: Float64Array }[];
  /** A real model and a real BCK, for binding. */
  model: ModelData;
  /** The real model's bytes (the glTF export decodes its textures from them). */
  modelBytes: Uint8Array;
  bck: DecodedFile;
}

function numericFields(root: FieldNode, limit = 4096): { offset: number; size: 2 | 4 }[] {
  const out: { offset: number; size: 2 | 4 }[] = [];
  const stack: FieldNode[] = [root];
  while (stack.length && out.length < limit) {
    const n = stack.pop() as FieldNode;
    if (n.array) {
      const { count, stride, element } = n.array;
      const leaves = element.fields ?? [element];
      for (let i = 0; i < Math.min(count, 64); i++) {
        for (const f of leaves) if (f.size === 2 || f.size === 4) out.push({ offset: n.offset + i * stride + f.offset, size: f.size });
      }
    }
    if (n.children?.length) stack.push(...n.children);
    else if ((n.size === 2 || n.size === 4) && /^(u|s|f)(16|32)$/.test(n.type)) out.push({ offset: n.offset, size: n.size });
  }
  return out;
}

function kindOf(name: string, bytes: Uint8Array): MemberKind | undefined {
  if (/\.(bmd|bdl)$/i.test(name)) return 'model';
  if (/\.pks$/i.test(name) || compressionOf(bytes) === 'gzip') return 'pks';
  if (isAnyArchive(bytes)) return 'archive';
  // every animation kind of the registry (BPK, BTP, BVA … too), by magic or by name and content
  if (isAnimFormat(detect(bytes, name))) return 'anim';
  return undefined;
}

function fieldsOf(kind: MemberKind, name: string, bytes: Uint8Array): Member['fields'] {
  try {
    if (kind === 'anim') return numericFields(decode(bytes, name).root);
    if (kind === 'model') return numericFields(decodeModel(bytes, new DiagnosticSink()).root);
    const a = openAnyArchive(bytes, new DiagnosticSink());
    return a.bytes === bytes ? numericFields(a.root) : [];
  } catch {
    return [];
  }
}

/** The shared samples, the animations and models inside the archives (decompressed), synthetic PKS (plain and gzip), compression bombs (fuzz-bombs.ts) and the hostile reproducers. */
export function loadCorpus(): Corpus {
  const seen = new Set<string>();
  const members: Member[] = [];
  const add = (name: string, bytes: Uint8Array): void => {
    const kind = kindOf(name, bytes);
    if (!kind) return;
    const key = `${kind}:${bytes.length}:${Buffer.from(bytes.subarray(0, 64)).toString('hex')}:${Buffer.from(bytes.subarray(-64)).toString('hex')}`;
    if (seen.has(key)) return;
    seen.add(key);
    members.push({ name, kind, bytes, fields: fieldsOf(kind, name, bytes) });
  };
  let model: ModelData | undefined;
  let modelBytes: Uint8Array = new Uint8Array(0);
  let bck: DecodedFile | undefined;
  const animations: { name: string; data: Uint8Array }[] = [];
  for (const rel of listSamples('', (n) => !n.endsWith('.md'))) {
    const bytes = new Uint8Array(fs.readFileSync(samplePath(rel)));
    add(rel, bytes);
    if (/\.(arc|szs)$/i.test(rel)) {
      const plain = decompressEntry(bytes, new DiagnosticSink());
      if (plain !== bytes) add(`${rel} (decompressed)`, plain);
      const tree = listArchiveTree(bytes);
      for (const it of tree.items) {
        if (it.entry.kind !== 'file') continue;
        const data = decompressEntry(extractAny(tree.archives[it.archive].archive, it.entry), new DiagnosticSink());
        const inner = `${rel}/${it.path}`;
        add(inner, data);
        if (/\.(bdl|bmd)$/i.test(inner) && !model) { model = decodeModel(data, new DiagnosticSink()).model; modelBytes = data; }
        if (/\.bck$/i.test(inner) && it.entry.size < 20000) animations.push({ name: it.entry.name, data });
      }
    }
  }
  bck = decode(new Uint8Array(fs.readFileSync(samplePath('j3d/smg/TripodBossCore/2ndDemo.bck'))), '2ndDemo.bck');
  // Synthetic PKS (no real sample exists): plain and gzip, a few animations and a MOTN.
  const pksFiles = animations.slice(0, 6).map((a, i) => ({ name: `A${i}.BCK`, data: a.data }));
  const pks = buildPks(pksFiles).bytes;
  add('synthetic.pks', pks);
  add('synthetic-gzip.pks', new Uint8Array(zlib.gzipSync(pks)));
  add('synthetic-bare.pks', buildPks(pksFiles.slice(0, 2), { bareIpac: true }).bytes);
  const nested = buildPks([{ name: 'IN.PKS', data: new Uint8Array(zlib.gzipSync(pks)) }, { name: 'B.BCK', data: animations[0]?.data ?? new Uint8Array(0) }]).bytes;
  add('synthetic-nested.pks', nested);
  for (const [name, bytes] of bombMembers()) add(name, bytes);
  const hostile = path.join(SAMPLES_DIR, '..', 'hostile');
  if (fs.existsSync(hostile)) {
    for (const n of fs.readdirSync(hostile).sort()) if (n !== 'README.md') add(`hostile/${n}`, new Uint8Array(fs.readFileSync(path.join(hostile, n))));
  }
  if (!model) throw new Error('fuzz: no model found in the shared archives');
  return withWeights(members, model, modelBytes, bck);
}

function withWeights(members: Member[], model: ModelData, modelBytes: Uint8Array, bck: DecodedFile): Corpus {
  const shares: Record<MemberKind, number> = { anim: 0.45, archive: 0.2, pks: 0.2, model: 0.15 };
  const byKind = (Object.keys(shares) as MemberKind[]).map((kind) => {
    const list = members.filter((m) => m.kind === kind);
    const weights = new Float64Array(list.length);
    let sum = 0;
    list.forEach((m, i) => { sum += 1 / Math.sqrt(Math.max(4096, m.bytes.length)); weights[i] = sum; });
    for (let i = 0; i < weights.length; i++) weights[i] /= sum;
    return { kind, share: shares[kind], members: list, weights };
  }).filter((k) => k.members.length > 0);
  return { members, byKind, model, modelBytes, bck };
}

/**
 * The corpus as one file the workers load in milliseconds (v8 serialization), instead of re-reading
 * and re-decoding the samples. Not the decoded BCK: readCorpus decodes it again (v8 cannot clone it).
 */
export function saveCorpus(corpus: Corpus, file: string): void {
  fs.writeFileSync(file, v8.serialize({ members: corpus.members, model: corpus.model, modelBytes: corpus.modelBytes }));
}

export function readCorpus(file: string): Corpus {
  const raw = v8.deserialize(fs.readFileSync(file)) as Pick<Corpus, 'members' | 'model' | 'modelBytes'>;
  // The decoded BCK's lazily built parts do not survive serialization: decode it again.
  const bck = decode(new Uint8Array(fs.readFileSync(samplePath('j3d/smg/TripodBossCore/2ndDemo.bck'))), '2ndDemo.bck');
  return withWeights(raw.members, raw.model, raw.modelBytes ?? new Uint8Array(0), bck);
}

// --- mutations ---

const EXTREME_16 = [0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xfffe, 0xffff];
const EXTREME_32 = [0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x10000, 0xffff];

export type MutationKind = 'truncate' | 'flip' | 'extreme' | 'splice' | 'none';

export interface Input {
  seed: number;
  member: Member;
  target: Target;
  mutation: MutationKind;
  bytes: Uint8Array;
}

/** The input of `seed`: member, target and mutation all drawn from it. */
export function makeInput(corpus: Corpus, seed: number): Input {
  const r = prng(seed);
  let k = r() * corpus.byKind.reduce((n, g) => n + g.share, 0);
  let group = corpus.byKind[0];
  for (const g of corpus.byKind) { group = g; if ((k -= g.share) < 0) break; }
  const x = r();
  let lo = 0;
  while (lo < group.weights.length - 1 && group.weights[lo] < x) lo++;
  const member = group.members[lo];
  const targets = TARGETS_OF[member.kind];
  const target = targets[Math.floor(r() * targets.length)];
  const src = member.bytes;
  const pick = r();
  let mutation: MutationKind;
  let bytes: Uint8Array;
  if (pick < 0.15) {
    mutation = 'truncate';
    bytes = src.slice(0, Math.floor(r() * src.length));
  } else if (pick < 0.45) {
    mutation = 'flip';
    bytes = src.slice();
    const flips = 1 + Math.floor(r() * 16);
    for (let i = 0; i < flips && bytes.length; i++) bytes[Math.floor(r() * bytes.length)] = Math.floor(r() * 256);
  } else if (pick < 0.8) {
    mutation = 'extreme';
    bytes = src.slice();
    const n = 1 + Math.floor(r() * 4);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < n; i++) {
      const f = member.fields.length ? member.fields[Math.floor(r() * member.fields.length)] : { offset: Math.floor(r() * Math.max(1, bytes.length - 4)), size: 4 as const };
      if (f.offset + f.size > bytes.length) continue;
      const little = r() < 0.5;
      const values = f.size === 2 ? EXTREME_16 : [...EXTREME_32, bytes.length, bytes.length + 1, bytes.length - 1, Math.floor(bytes.length / 2)];
      const v = values[Math.floor(r() * values.length)] >>> 0;
      if (f.size === 2) view.setUint16(f.offset, v & 0xffff, little);
      else view.setUint32(f.offset, v, little);
    }
  } else if (pick < 0.97) {
    mutation = 'splice';
    const other = corpus.members[Math.floor(r() * corpus.members.length)].bytes;
    const from = Math.floor(r() * other.length);
    const len = Math.min(other.length - from, 1 + Math.floor(r() * 4096));
    const at = Math.floor(r() * (src.length + 1));
    if (r() < 0.5) {
      bytes = src.slice();
      bytes.set(other.subarray(from, from + Math.min(len, bytes.length - at)), at);
    } else {
      bytes = new Uint8Array(src.length + len);
      bytes.set(src.subarray(0, at));
      bytes.set(other.subarray(from, from + len), at);
      bytes.set(src.subarray(at), at + len);
    }
  } else {
    mutation = 'none';
    bytes = src.slice();
  }
  return { seed, member, target, mutation, bytes };
}

// --- targets ---

/** A finding that is not an exception: what the target made is wrong (the message says what). */
export class Finding extends Error {}

/** Every diagnostic lies in [0, size] of the data it describes (issue 26: the page refused a whole load over offset −1). */
function checkOffsets(diagnostics: readonly Diagnostic[], size: number, where: string): void {
  for (const d of diagnostics) {
    if (!(Number.isInteger(d.offset) && d.offset >= 0 && d.offset <= size)) {
      throw new Finding(`${where}: ${d.code} at offset ${d.offset}, outside the ${size} bytes of data: ${d.message.slice(0, 200)}`);
    }
  }
}

function decoded(bytes: Uint8Array, name: string): DecodedFile {
  const file = decode(bytes, name);
  checkOffsets(file.diagnostics, file.bytes.length, 'decode');
  return file;
}

function modelOf(bytes: Uint8Array): { model?: ModelData; sink: DiagnosticSink; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink();
  const { model } = decodeModel(bytes, sink);
  const diagnostics = [...sink.list];
  checkOffsets(diagnostics, bytes.length, 'model decode');
  return { model, sink, diagnostics };
}

/** The load message as the page gets it (structured clone), through the page's check: accepted whole, with nothing to repair. */
function checkLoad(file: DecodedFile, model?: { data: ModelData; name: string; diagnostics: readonly Diagnostic[] }): void {
  const bound = model && file.anim ? bindModel(file, model.data, model.name, 'folder', model.diagnostics) : undefined;
  if (bound) checkOffsets(bound.diagnostics, file.bytes.length, 'binding');
  const loaded = loadedFileOf(file, { fileByteLength: file.bytes.length, ...(bound ? { model: bound.info } : {}) });
  const m = structuredClone(msg.load(loaded, { frameRate: 30 }));
  if (!isHostToWebview(m)) throw new Finding('load: the page refuses the whole load message');
  const repaired = [...m.file.diagnostics, ...(m.file.model?.fileDiagnostics ?? [])].find((d) => d.code === 'DIAGNOSTIC_REPAIRED');
  if (repaired) throw new Finding(`load: the page had to repair the message: ${repaired.message}`);
  if (bound && !m.file.model) throw new Finding(`load: the page left the bound model out: ${m.file.modelError}`);
}

const POSE_FRAMES = [0, 0.5, 7, 1e6, NaN];

/** Runs `input` through its target. Throws only what escapes AnimScope, or a Finding. */
export function runTarget(corpus: Corpus, input: Input): void {
  const { bytes, member } = input;
  const name = member.name.split('/').pop() ?? member.name;
  switch (input.target) {
    case 'decode':
      decoded(bytes, name);
      return;
    case 'sample': {
      const file = decoded(bytes, name);
      if (!file.anim) return;
      const stream = sampleStream(file);
      // The CLI writes up to 5,000,000 samples by default (~1 s of writing on its own); here
      // documents past FUZZ_MAX_SAMPLES are refused the same way, so the time measures the decoder.
      if (stream.samples > FUZZ_MAX_SAMPLES) return;
      if (file.anim.format === 'motn') {
        // The whole real motion.bin takes ~0.7 s to sample by itself: a few sequences per input.
        const r = prng(input.seed ^ 0x5a5a);
        const seqs = file.anim.sequences;
        for (let k = 0; k < Math.min(8, seqs.length); k++) {
          const s = sampleStream(file, { animation: seqs[Math.floor(r() * seqs.length)].name });
          writeJson(sampleDocument(s), () => undefined);
        }
        return;
      }
      writeJson(sampleDocument(stream), () => undefined);
      return;
    }
    case 'describe': {
      const file = decoded(bytes, name);
      if (!file.anim) return;
      const count = file.anim.format === 'motn' ? Math.min(8, file.anim.sequences.length) : 1;
      for (let s = 0; s < count; s++) {
        for (const t of describeTracks(file.anim, s)) {
          const keys = t.keys;
          for (let i = 0; i < Math.min(keys.length, 64); i++) keys.frame(i) + keys.value(i) + keys.inSlope(i) + keys.outSlope(i);
          if (keys.length) keys.at(keys.length - 1);
          for (const f of [-1, 0, 0.5, 7, 1e6, NaN]) t.evaluate(f);
        }
      }
      return;
    }
    case 'binding': {
      if (member.kind === 'model') {
        const m = modelOf(bytes).model;
        if (m) checkOffsets(bindModel(corpus.bck, m, name, 'folder').diagnostics, corpus.bck.bytes.length, 'binding');
        return;
      }
      const file = decoded(bytes, name);
      if (file.anim) checkOffsets(bindModel(file, corpus.model, 'model.bdl', 'folder').diagnostics, file.bytes.length, 'binding');
      return;
    }
    case 'archive':
    case 'pks-gzip': {
      const tree = listArchiveTree(bytes);
      // An archive's diagnostics refer to its bytes (decompressed when the archive is: archive.bytes);
      // an entry's decompression diagnostics to the entry's stored (compressed) bytes.
      for (const node of tree.archives) checkOffsets(node.diagnostics, node.archive.bytes.length, `archive ${JSON.stringify(node.path)}`);
      let located = 0;
      for (const it of tree.items) {
        if (it.entry.kind !== 'file') continue;
        const stored = extractAny(tree.archives[it.archive].archive, it.entry);
        const sink = new DiagnosticSink();
        decompressEntry(stored, sink);
        checkOffsets(sink.list, stored.length, `entry ${JSON.stringify(it.path)}`);
        if (located++ < 2) locateInArchive(bytes, it.path, new DiagnosticSink());
      }
      return;
    }
    case 'model':
      modelOf(bytes);
      return;
    case 'pose': {
      if (member.kind === 'model') {
        const m = modelOf(bytes).model;
        if (!m) return;
        bindPoseModel(m);
        const state = initialState(m);
        for (const f of POSE_FRAMES) {
          if (corpus.bck.anim) applyAnimation(state, corpus.bck.anim, f);
          poseModel(m, state.locals);
        }
        return;
      }
      const file = decoded(bytes, name);
      if (!file.anim) return;
      const state = initialState(corpus.model);
      for (const f of POSE_FRAMES) {
        applyAnimation(state, file.anim, f);
        poseModel(corpus.model, state.locals);
      }
      return;
    }
    case 'textures': {
      const { model, sink } = modelOf(bytes);
      if (!model) return;
      decodeModelTextures(bytes, model.textures, sink, { allLevels: true });
      checkOffsets(sink.list, bytes.length, 'textures');
      return;
    }
    case 'load': {
      const file = decoded(bytes, name);
      if (member.kind === 'model') {
        checkLoad(file);
        // an animation bound to this model, with the model's own diagnostics
        const { model, diagnostics } = modelOf(bytes);
        if (model) checkLoad(corpus.bck, { data: model, name, diagnostics });
        return;
      }
      checkLoad(file, { data: corpus.model, name: 'model.bdl', diagnostics: [] });
      return;
    }
    case 'export': {
      const file = decoded(bytes, name);
      const bound = file.anim ? bindModel(file, corpus.model, 'model.bdl', 'folder') : undefined;
      const doc = exportDecoded({ ...file, ...(bound ? { diagnostics: [...file.diagnostics, ...bound.diagnostics], boundModel: bound.exported } : {}) });
      checkOffsets(doc.diagnostics, file.bytes.length, 'export');
      writeJson(doc, () => undefined);
      return;
    }
    case 'gltf': {
      // The document `animscope gltf` writes (the GLB bytes are glTF-Transform's, written asynchronously: not here).
      if (member.kind === 'model') {
        const m = modelOf(bytes).model;
        if (m) exportModelDocument(name, bytes, m, corpus.bck.anim ? [{ name: '2ndDemo', anim: corpus.bck.anim }] : [], 30);
        return;
      }
      const file = decoded(bytes, name);
      if (file.anim) exportModelDocument('model', corpus.modelBytes, corpus.model, [{ name, anim: file.anim }], 30);
      return;
    }
    case 'rebuild': {
      // export → JSON text → build gives the same bytes: asked of inputs that decode without
      // errors, and held for every input (rawBytes carries what the fields do not)
      const file = decode(bytes, name);
      if (!file.anim) return;
      const built = buildFromExport(JSON.parse(jsonFileText(exportDecoded(file))));
      const at = firstDifference(built, file.bytes);
      if (at >= 0) throw new Error(`export → build differs at 0x${at.toString(16)} (${built.length} vs ${file.bytes.length} bytes)`);
      return;
    }
  }
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** A SampleLimitError or a refused glTF export (too many joints) is a refusal, not a finding. */
export function isExpected(e: unknown): boolean {
  return e instanceof SampleLimitError || e instanceof GltfRefused;
}
