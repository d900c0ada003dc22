// Every screen's path, used by the router, the links and the tests.
export const paths = {
  dashboard: '/admin',
  desk: '/admin/desk',
  members: '/admin/members',
  questions: '/admin/questions',
  audit: '/admin/audit',
  operators: '/admin/operators',
} as const;

export type ScreenPath = (typeof paths)[keyof typeof paths];
