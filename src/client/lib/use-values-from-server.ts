import { type Dispatch, type SetStateAction, useState } from "react";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A form's values that start from the server's. A screen may open on the answer this device kept
 * (offline reading) and get the server's newer one a moment later: until the person has changed
 * something, the newer values replace the ones shown; once they have, what they typed stays.
 */
export function useValuesFromServer<T>(fromServer: T): [T, Dispatch<SetStateAction<T>>] {
  const [values, setValues] = useState(fromServer);
  const [base, setBase] = useState(fromServer);
  if (!same(base, fromServer)) {
    // Adjusting state while rendering (React's "storing information from previous renders").
    setBase(fromServer);
    if (same(values, base)) setValues(fromServer);
  }
  return [values, setValues];
}
