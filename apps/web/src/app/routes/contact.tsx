export { ContactScreen as Component } from '@/features/company/components/contact-screen';
