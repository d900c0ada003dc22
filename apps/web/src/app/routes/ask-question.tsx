export { AskQuestionScreen as Component } from '@/features/content/components/ask-question-screen';
