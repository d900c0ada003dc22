export { AskQuestionScreen as Component } from '@/features/content/components/ask-question-screen';
export { loadFaqs as loader } from '@/features/content/api/loaders';
