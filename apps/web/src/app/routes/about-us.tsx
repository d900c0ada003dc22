export { AboutUsScreen as Component } from '@/features/company/components/about-us-screen';
