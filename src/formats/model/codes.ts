/** Diagnostic codes of the model decoder (BMD/BDL) and of animation ↔ model binding. */
import type { DiagnosticCode } from '../binary/diagnostics';

export const MODEL_CODES: DiagnosticCode[] = [
  { code: 'MDL_MAGIC', severity: 'error', summary: 'A model file does not start with `J3D2`.' },
  { code: 'MDL_TYPE', severity: 'error', summary: 'The model type at 0x04 is not `bmd2`, `bmd3` or `bdl4`.' },
  { code: 'MDL_CHUNK_MISSING', severity: 'error', summary: 'A model chunk binding needs (INF1, JNT1; MAT3 as a warning) is not in the file.' },
  { code: 'MDL_HIERARCHY_END', severity: 'error', summary: 'The INF1 hierarchy runs to the end of its chunk without an End node (0x00).' },
  { code: 'MDL_HIERARCHY_UNBALANCED', severity: 'error', summary: 'INF1 open (0x01) and close (0x02) nodes do not pair up: a close at the top level, or opens left unclosed at End.' },
  { code: 'MDL_HIERARCHY_NODE', severity: 'warning', summary: 'An INF1 hierarchy node has an unknown type (not 0x00, 0x01, 0x02, 0x10, 0x11, 0x12); it is skipped.' },
  { code: 'MDL_JOINT_INDEX', severity: 'error', summary: 'An INF1 joint node refers to a joint index not below the JNT1 joint count.' },
  { code: 'MDL_JOINT_REPEATED', severity: 'error', summary: 'A joint occurs more than once in the INF1 hierarchy (two parents, or a cycle); later occurrences are ignored.' },
  { code: 'MDL_JOINT_ORPHAN', severity: 'warning', summary: 'A JNT1 joint never occurs in the INF1 hierarchy: it has no parent and is posed from the origin.' },
  { code: 'MDL_JOINT_ROOTS', severity: 'warning', summary: 'The INF1 hierarchy has more than one top-level joint (the game keeps only the last as the root).' },
  { code: 'MDL_MESH_WITHOUT_JOINT', severity: 'warning', summary: 'An INF1 material or shape node comes before any joint, so no joint owns it.' },
  { code: 'MDL_MATERIAL_INDEX', severity: 'warning', summary: 'An INF1 material node or a MAT3 remap entry refers to a material index out of range.' },
  { code: 'MDL_SHAPE_INDEX', severity: 'warning', summary: 'An INF1 shape node refers to a shape index not below the SHP1 shape count.' },
  { code: 'MDL_SCALING_RULE', severity: 'warning', summary: 'The INF1 scaling rule (load flags & 0xF) is not 0 (Basic), 1 (Softimage) or 2 (Maya).' },
  { code: 'MDL_MATRIX_TYPE', severity: 'warning', summary: 'A JNT1 joint matrix type (kind >> 4) is not 0 (standard), 1 (billboard) or 2 (Y billboard).' },
  { code: 'MDL_JOINT_COUNT', severity: 'warning', summary: 'A BCK/BCA animates a different number of joints than the model has (binding: joint i drives model joint i): an error when it has fewer (the game reads past the joint table), a warning when more.' },
  { code: 'MDL_MATERIAL_MISSING', severity: 'warning', summary: 'A BTK/BRK/BPK/BPA/BTP entry names a material the model does not have; the entry binds to nothing (the game skips it).' },
  { code: 'MDL_TEXMTX_SLOT', severity: 'info', summary: 'A BTK entry drives texture-matrix slot 0xFF (skip) or a slot above 9; it changes nothing on the material.' },
];
