import type { Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { CallContext } from '../api/base-query';
import type { RootState } from './root-reducer';

export type AppDispatch = ThunkDispatch<RootState, CallContext, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<Store<RootState> & { dispatch: AppDispatch }>();
