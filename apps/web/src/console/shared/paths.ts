// Every screen's path, used by the router, the links and the tests.
export const paths = {
  dashboard: '/admin',
  desk: '/admin/desk',
  games: '/admin/games',
  news: '/admin/news',
  newsNew: '/admin/news/new',
  newsEdit: (id: number) => `/admin/news/${id}`,
  gallery: '/admin/gallery',
  site: '/admin/site',
  chat: '/admin/chat',
  members: '/admin/members',
  questions: '/admin/questions',
  audit: '/admin/audit',
  operators: '/admin/operators',
  /** A new operator's one-time link (the token in the fragment); ENROL_PATH of the domain. */
  enrol: '/admin/enrol',
} as const;
