import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ApiError, messages, responseMessage, type EventBus, type LoginResult, type Session, type SessionStore, type User } from 'shared-contracts';
import * as accountApi from '../api/accountApi';
import { failureMessage, fieldErrorsOf } from '../api/apiErrors';

/** The auth state of spec §3/§4, mirrored from the page's one session plus this remote's request state. */
export interface AuthState {
  user: User | null;
  token: string | null;
  refreshToken: string | null;
  loading: boolean;
  error: string | null;
}

/** What a failed auth request leaves: the message to show and the server's per-field messages. */
export interface AuthFailure {
  message: string;
  fieldErrors: Record<string, string>;
}

/** The thunks' extra argument: the session and the bus they publish to (the page's own by default). */
export interface AuthServices {
  session: SessionStore;
  bus: EventBus;
}

export function authStateFrom(session: Session | null): AuthState {
  return { user: session?.user ?? null, token: session?.token ?? null, refreshToken: session?.refreshToken ?? null, loading: false, error: null };
}

/** Spec §8: the server message, else the error text, else 'Login failed'. */
function loginFailure(error: unknown): AuthFailure {
  const fromServer = error instanceof ApiError ? responseMessage(error.body) : null;
  const text = error instanceof Error && error.message.trim() !== '' ? error.message : null;
  return { message: fromServer ?? text ?? messages.auth.loginFailed, fieldErrors: fieldErrorsOf(error) };
}

function failure(error: unknown, fallback: string): AuthFailure {
  return { message: failureMessage(error, fallback), fieldErrors: fieldErrorsOf(error) };
}

/** Success of any login: store the session (tokens + user) and tell the shell (header, login toast). */
function startSession(result: LoginResult, { session, bus }: AuthServices): LoginResult {
  session.save({ token: result.token, refreshToken: result.refreshToken, user: result.user });
  bus.publish('auth/login', { user: result.user, token: result.token });
  return result;
}

type ThunkConfig = { extra: AuthServices; rejectValue: AuthFailure };

/** POST /auth/login with {email or emailOrPhone, password}. */
export const login = createAsyncThunk<LoginResult, accountApi.LoginPayload, ThunkConfig>('auth/login', async (payload, { extra, rejectWithValue }) => {
  try {
    return startSession(await accountApi.login(payload), extra);
  } catch (error) {
    return rejectWithValue(loginFailure(error));
  }
});

/** POST /auth/login-google {token} with the Google credential. */
export const loginWithGoogle = createAsyncThunk<LoginResult, string, ThunkConfig>('auth/loginWithGoogle', async (credential, { extra, rejectWithValue }) => {
  try {
    return startSession(await accountApi.loginWithGoogle(credential), extra);
  } catch (error) {
    return rejectWithValue(failure(error, messages.auth.googleLoginFailed));
  }
});

/**
 * The end of the server's Google redirect flow: /auth/login?googleCode=… → POST /auth/google/exchange, then
 * the session is started like any login. The page never takes tokens from its address (login CSRF).
 */
export const exchangeGoogleCode = createAsyncThunk<LoginResult, string, ThunkConfig>('auth/exchangeGoogleCode', async (code, { extra, rejectWithValue }) => {
  try {
    return startSession(await accountApi.exchangeGoogleCode(code), extra);
  } catch {
    // used, expired or another browser's code: the same message as ?error=google
    return rejectWithValue({ message: messages.auth.googleLoginFailed, fieldErrors: {} });
  }
});

/** GET /Auth/profile: the current user with the profile fields, stored and announced on the bus. */
export const fetchCurrentUser = createAsyncThunk<User, void, ThunkConfig>(
  'auth/fetchCurrentUser',
  async (_, { extra, rejectWithValue }) => {
    try {
      const user = await accountApi.getProfile();
      // logged out while the request ran: nothing to store
      if (extra.session.current) {
        extra.session.updateUser(user);
        extra.bus.publish('auth/user-updated', { user });
      }
      return user;
    } catch (error) {
      return rejectWithValue(failure(error, messages.auth.currentUserFailed));
    }
  },
  { condition: (_, { extra }) => (extra as AuthServices).session.current !== null },
);

/** Stores a user the server has just returned (profile saved, avatar uploaded) and announces it. */
export function publishUser(user: User, { session, bus }: AuthServices): void {
  if (!session.current) return;
  session.updateUser(user);
  bus.publish('auth/user-updated', { user });
}

const authSlice = createSlice({
  name: 'auth',
  initialState: authStateFrom(null),
  reducers: {
    /** The shared session changed (login, logout in the shell, refresh, another tab). */
    sessionSynced(state, action: PayloadAction<Session | null>) {
      const session = action.payload;
      state.user = session?.user ?? null;
      state.token = session?.token ?? null;
      state.refreshToken = session?.refreshToken ?? null;
      // logout clears the error too (spec §4)
      if (!session) state.error = null;
    },
    clearError(state) {
      state.error = null;
    },
    /** The server's Google redirect flow came back with ?error=google. */
    googleRedirectFailed(state) {
      state.loading = false;
      state.error = messages.auth.googleLoginFailed;
    },
  },
  extraReducers: (builder) => {
    for (const thunk of [login, loginWithGoogle, exchangeGoogleCode]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.loading = true;
          state.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.loading = false;
          state.user = action.payload.user;
          state.token = action.payload.token;
          state.refreshToken = action.payload.refreshToken;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.loading = false;
          state.error = action.payload?.message ?? messages.auth.loginFailed;
        });
    }
    builder
      .addCase(fetchCurrentUser.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchCurrentUser.fulfilled, (state, action) => {
        state.loading = false;
        if (state.token) state.user = action.payload;
      })
      .addCase(fetchCurrentUser.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload?.message ?? messages.auth.currentUserFailed;
      });
  },
});

export const { sessionSynced, clearError, googleRedirectFailed } = authSlice.actions;
export const authReducer = authSlice.reducer;
