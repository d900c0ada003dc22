export { GameInfoScreen as Component } from '@/features/reference/components/game-info-screen';
