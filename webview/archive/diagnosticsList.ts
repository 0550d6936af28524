/**
 * The archive's diagnostics (the outer archive's and every nested archive's) in the shared list;
 * each row jumps to the entry the problem is about (see main.ts jumpTo).
 */
import type { Diagnostic } from '../../src/formats/binary/diagnostics';
import type { ListingLevel } from '../../src/wire/archiveProtocol';
import { DiagnosticsList, DiagnosticRow } from '../shared/diagnosticsList';
import { hexOffset } from '../shared/format';

export interface LevelDiagnostic {
  level: number;
  diagnostic: Diagnostic;
}

export function archiveDiagnosticsList(): DiagnosticsList<LevelDiagnostic> {
  return new DiagnosticsList<LevelDiagnostic>('Archive diagnostics');
}

/** Rows ordered by nesting level, then offset; the level's path shown for nested archives. */
export function archiveDiagnosticRows(levels: ListingLevel[]): DiagnosticRow<LevelDiagnostic>[] {
  const rows: DiagnosticRow<LevelDiagnostic>[] = [];
  levels.forEach((l, level) => {
    const where = l.path || undefined;
    for (const diagnostic of [...l.diagnostics].sort((a, b) => a.offset - b.offset)) {
      rows.push({
        diagnostic, value: { level, diagnostic }, where,
        title: `Select the entry at ${hexOffset(diagnostic.offset, 4)}${where ? ` of ${where}` : ''}`,
      });
    }
  });
  return rows;
}
