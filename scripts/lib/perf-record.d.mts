export interface FigureRow {
  figure: string;
  value: string;
  target: string;
  met: boolean | null;
}
export function recording(argv?: string[]): boolean;
export function recordFigures(bench: string, rows: FigureRow[], opts?: { argv?: string[] }): void;
export function writePerformancePage(): void;
