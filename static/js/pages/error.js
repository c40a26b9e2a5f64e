// The error page needs no behaviour; this module exists so every page loads one.
