export { GameScreen as Component } from '@/features/home/components/game-screen';
