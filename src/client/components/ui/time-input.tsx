import { type ComponentProps, useState } from "react";
import { familyTimeFormat } from "@/client/lib/family-clock";
import { formatTimeOfDay, parseTimeOfDay } from "@/domain/time-format";
import { Input } from "./input";

type TimeInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "type"> & {
  /** The time as forms and the API keep it: "HH:mm", or "" for none. */
  value: string;
  onChange: (time: string) => void;
};

/**
 * A time of day written the family's way ("14:30" or "2:30 PM"), where a native time field would
 * show the browser's format whatever the family chose. It takes either way as typed and gives the
 * form "HH:mm"; what it cannot read goes to the form as typed, for the form's check to name.
 */
export function TimeInput({ value, onChange, onBlur, ...props }: TimeInputProps) {
  const timeFormat = familyTimeFormat();
  const [text, setText] = useState(() => formatTimeOfDay(value, timeFormat));
  const [given, setGiven] = useState(value);
  if (value !== given) {
    // The form set another time (a reset, "now"): show it.
    setGiven(value);
    if (parseTimeOfDay(text) !== value) setText(formatTimeOfDay(value, timeFormat));
  }
  return (
    <Input
      {...props}
      type="text"
      inputMode="text"
      autoComplete="off"
      placeholder={timeFormat === "12h" ? "e.g. 2:30 PM" : "e.g. 14:30"}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const time = typed.trim() === "" ? "" : (parseTimeOfDay(typed) ?? typed);
        setGiven(time);
        onChange(time);
      }}
      onBlur={(event) => {
        const time = parseTimeOfDay(text);
        if (time) setText(formatTimeOfDay(time, timeFormat));
        onBlur?.(event);
      }}
    />
  );
}
