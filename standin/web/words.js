// The words the page itself shows: the Discord client's around a bot's messages, and the
// playground's panels (members, "You are", the crowd, the clock, the server's events), in the
// viewer's language.

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
    placeholderDirect: "Type / to use a command with @{name}",
    send: "Send",
    optional: "optional",
    welcome: "Welcome to #{channel}!",
    welcomeBody: "This is the start of the #{channel} channel.",
    welcomeDirect: "This is the beginning of your direct message history with @{name}.",
    topic: "A local Discord: the real quizbot, no account needed",
    directMessages: "Direct Messages",
    youAre: "You are",
    owner: "Owner",
    ownerTag: "owner",
    apps: "Apps",
    moderators: "Moderators",
    members: "Members",
    crowd: "Crowd",
    crowdSwitch: "Simulated members answer each question",
    crowdSize: "Members",
    crowdRight: "Right",
    crowdOn: "{size} members answer, {right} % right",
    crowdOff: "Off",
    crowdStays:
      "Off. Its members stay in the server, on its boards and in “You are”, as members who stopped playing would.",
    clock: "Clock",
    realTime: "The real time",
    ahead: "{lead} ahead of the real time",
    plusMinute: "+1 min",
    plusQuarter: "+15 min",
    plusHour: "+1 h",
    plusDay: "+1 day",
    toNextEvent: "To the next event's start",
    clockNote: "It only moves forward.",
    events: "Events",
    noEvents: "No events in this server yet.",
    eventScheduled: "Scheduled",
    eventActive: "Happening now",
    eventCompleted: "Ended",
    eventCanceled: "Canceled",
    interested: "Interested",
    interestedOne: "{count} interested",
    interestedOther: "{count} interested",
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
    placeholderDirect: "Πληκτρολόγησε / για μια εντολή προς @{name}",
    send: "Αποστολή",
    optional: "προαιρετικό",
    welcome: "Καλώς ήρθες στο #{channel}!",
    welcomeBody: "Αυτή είναι η αρχή του καναλιού #{channel}.",
    welcomeDirect: "Αυτή είναι η αρχή του ιστορικού των προσωπικών σου μηνυμάτων με @{name}.",
    topic: "Ένα τοπικό Discord: το πραγματικό quizbot, χωρίς λογαριασμό",
    directMessages: "Προσωπικά μηνύματα",
    youAre: "Είσαι",
    owner: "Ιδιοκτήτης",
    ownerTag: "ιδιοκτήτης",
    apps: "Εφαρμογές",
    moderators: "Συντονιστές",
    members: "Μέλη",
    crowd: "Πλήθος",
    crowdSwitch: "Εικονικά μέλη απαντούν σε κάθε ερώτηση",
    crowdSize: "Μέλη",
    crowdRight: "Σωστά",
    crowdOn: "{size} μέλη απαντούν, {right} % σωστά",
    crowdOff: "Ανενεργό",
    crowdStays:
      "Ανενεργό. Τα μέλη του μένουν στον server, στους πίνακες κατάταξης και στο «Είσαι», όπως θα έμεναν μέλη που σταμάτησαν να παίζουν.",
    clock: "Ρολόι",
    realTime: "Η πραγματική ώρα",
    ahead: "{lead} μπροστά από την πραγματική ώρα",
    plusMinute: "+1 λεπτό",
    plusQuarter: "+15 λεπτά",
    plusHour: "+1 ώρα",
    plusDay: "+1 μέρα",
    toNextEvent: "Στην έναρξη της επόμενης εκδήλωσης",
    clockNote: "Πηγαίνει μόνο μπροστά.",
    events: "Εκδηλώσεις",
    noEvents: "Δεν υπάρχουν ακόμη εκδηλώσεις σε αυτόν τον server.",
    eventScheduled: "Προγραμματισμένη",
    eventActive: "Σε εξέλιξη τώρα",
    eventCompleted: "Ολοκληρώθηκε",
    eventCanceled: "Ακυρώθηκε",
    interested: "Ενδιαφέρομαι",
    interestedOne: "{count} ενδιαφέρεται",
    interestedOther: "{count} ενδιαφέρονται",
  },
};

export function say(locale, key, values = {}) {
  const words = WORDS[String(locale).split("-")[0]] || WORDS.en;
  return (words[key] ?? WORDS.en[key]).replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
}

// The page's fixed texts (data-word="key" in index.html), in the viewer's language.
export function translatePage(root, locale) {
  for (const element of root.querySelectorAll("[data-word]")) element.textContent = say(locale, element.dataset.word);
}

// Discord shows a command's and an option's name in the member's language when the bot gave one.
export function localised(item, field, locale) {
  const names = item[`${field}_localizations`] || {};
  return names[locale] ?? names[String(locale).split("-")[0]] ?? item[field];
}
