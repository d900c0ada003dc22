import { useDispatch } from 'react-redux';
import type { createConsoleStore } from './store';

type AppDispatch = ReturnType<typeof createConsoleStore>['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
