/** API paths shared by the clients and the server. Every path ends with a slash. */
export const LEGACY_BASE = '/api';
export const API_BASE = '/api/v2';

export const paths = {
  messages: '/messages/',
  health: '/health/',
  surveys: '/surveys/operator/',
  auth: {
    register: '/auth/register/',
    verify: '/auth/verify/',
    profile: '/auth/profile/',
    login: '/auth/login/',
    me: '/auth/me/',
    forgot: '/auth/password/forgot/',
    reset: '/auth/password/reset/',
    google: '/auth/social/google/',
    googleStart: '/auth/social/google/start/',
    googleCallback: '/auth/social/google/callback/',
    refresh: '/auth/token/refresh/',
    logout: '/auth/logout/',
  },
  onboarding: {
    start: '/onboarding/start/',
    status: (id: number | string) => `/onboarding/${id}/status/`,
  },
  uploadImage: '/upload/image/',
} as const;
