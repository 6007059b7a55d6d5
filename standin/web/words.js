// The few words the Discord client itself shows around a bot's messages, in the member's language.

const WORDS = {
  en: {
    onlyYou: "Only you can see this",
    dismiss: "Dismiss message",
    thinking: "{name} is thinking",
    used: "used",
    clicked: "clicked a button",
    edited: "(edited)",
    today: "Today at",
    failed: "This interaction failed",
    noAnswer: "The application did not respond",
    placeholder: "Type / to use a command in #{channel}",
    send: "Send",
    optional: "optional",
  },
  el: {
    onlyYou: "Μόνο εσύ μπορείς να το δεις αυτό",
    dismiss: "Απόρριψη μηνύματος",
    thinking: "{name} σκέφτεται",
    used: "χρησιμοποίησε",
    clicked: "πάτησε ένα κουμπί",
    edited: "(επεξεργάστηκε)",
    today: "Σήμερα στις",
    failed: "Αυτή η αλληλεπίδραση απέτυχε",
    noAnswer: "Η εφαρμογή δεν απάντησε",
    placeholder: "Πληκτρολόγησε / για μια εντολή στο #{channel}",
    send: "Αποστολή",
    optional: "προαιρετικό",
  },
};

export function say(locale, key, values = {}) {
  const words = WORDS[String(locale).split("-")[0]] || WORDS.en;
  return (words[key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
}

// Discord shows a command's and an option's name in the member's language when the bot gave one.
export function localised(item, field, locale) {
  const names = item[`${field}_localizations`] || {};
  return names[locale] ?? names[String(locale).split("-")[0]] ?? item[field];
}
