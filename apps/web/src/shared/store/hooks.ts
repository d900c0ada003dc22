import type { Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { ThunkExtra } from './app-slice';
import type { RootState } from './root-reducer';

export type AppDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<Store<RootState> & { dispatch: AppDispatch }>();
