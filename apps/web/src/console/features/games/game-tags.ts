/** The admin API's base (docs/architecture.md §4), for the games screens' calls. */
export const ADMIN = '/app-api/admin';

/** A part of a game that screens read and change: its draw source (and feeds), its calendar. */
type Part = 'source' | 'calendar';

/** What reads a game's `part`: its cache tag. */
export const readsPart = (part: Part) => (_result: unknown, _error: unknown, gameId: number) => [
  { type: 'Draw' as const, id: `${part}-${gameId}` },
];

/** A change to a game's `part`: what reads it, the dashboard and the audit log are read again. */
export const changesPart =
  (part: Part) =>
  (_result: unknown, _error: unknown, { gameId }: { gameId: number }) => [
    { type: 'Draw' as const, id: `${part}-${gameId}` },
    'Dashboard' as const,
    'Audit' as const,
  ];
