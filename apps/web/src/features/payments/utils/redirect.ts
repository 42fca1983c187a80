/** Leaves the app for the provider's hosted checkout (a seam tests replace). */
export const redirectTo = {
  assign(url: string) {
    window.location.assign(url);
  },
};
