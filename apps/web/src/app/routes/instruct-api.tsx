export { InstructApiScreen as Component } from '@/features/reference/components/instruct-api-screen';
