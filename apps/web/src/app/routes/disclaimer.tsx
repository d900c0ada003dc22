export { DisclaimerScreen as Component } from '@/features/company/components/disclaimer-screen';
