export { IssueScreen as Component } from '@/features/gallery/components/issue-screen';
export { loadIssue as loader } from '@/features/gallery/api/loaders';
