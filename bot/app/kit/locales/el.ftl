### Τα κείμενα της διεπαφής του quizbot στα ελληνικά (σύνταξη Project Fluent).
### Οι μεταβλητές ({ $όνομα }) συμπληρώνονται από το bot· διατηρήστε τες αυτούσιες. Ένας αριθμός
### διαλέγει ενικό ή πληθυντικό με επιλογή ({ $count -> [one] ... *[other] ... }): docs/i18n.md.
### «Server» για τον server του Discord, όπως το λένε οι χρήστες του· «διακομιστής» μόνο μέσα στα
### ονόματα του ίδιου του Discord, αυτούσια σε «», π.χ. το δικαίωμα «Διαχείριση διακομιστή».
### Τρίτο πρόσωπο όταν ένα μήνυμα αφορά κάποιο άλλο μέλος.

## Εντολές (slash commands) και οι επιλογές τους. Ονόματα: πεζά, χωρίς κενά.

cmd-quiz-name = κουίζ
cmd-quiz-description = Γύροι κουίζ σε αυτόν τον server
cmd-quiz-start-name = έναρξη
cmd-quiz-start-description = Έναρξη γύρου κουίζ σε ένα κανάλι (συντονιστές)
cmd-quiz-start-pack-name = πακέτο
cmd-quiz-start-pack-description = Το πακέτο κουίζ που θα παιχτεί
cmd-quiz-start-questions-name = ερωτήσεις
cmd-quiz-start-questions-description = Πόσες ερωτήσεις (προεπιλογή: όλες)
cmd-quiz-start-seconds-name = δευτερόλεπτα
cmd-quiz-start-seconds-description = Δευτερόλεπτα ανά ερώτηση (προεπιλογή: η ρύθμιση του server)
cmd-quiz-start-channel-name = κανάλι
cmd-quiz-start-channel-description = Πού θα παιχτεί (προεπιλογή: αυτό το κανάλι)
cmd-quiz-start-mode-name = λειτουργία
cmd-quiz-start-mode-description = Κανονική: ανακατεμένο πακέτο. Επανάληψη: ό,τι τα μέλη απάντησαν συχνότερα λάθος ή πρέπει να ξαναδούν
cmd-quiz-start-mode-normal = Κανονική
cmd-quiz-start-mode-review = Επανάληψη
cmd-quiz-start-teams-name = ομάδες
cmd-quiz-start-teams-description = Γύρος ομάδων: 2-6 ρόλοι ομάδων (αναφορές ή id), ή auto (2 ομάδες· auto 3: τρεις)
cmd-quiz-stop-name = διακοπή
cmd-quiz-stop-description = Διακοπή του γύρου σε αυτό το κανάλι και εμφάνιση της βαθμολογίας (συντονιστές)
cmd-quiz-skip-name = παράλειψη
cmd-quiz-skip-description = Κλείσιμο της τρέχουσας ερώτησης τώρα (συντονιστές)
cmd-quiz-pause-name = παύση
cmd-quiz-pause-description = Παύση του γύρου σε αυτό το κανάλι· η ερώτηση κρατά τον χρόνο της (συντονιστές)
cmd-quiz-resume-name = συνέχιση
cmd-quiz-resume-description = Συνέχιση του γύρου που είναι σε παύση σε αυτό το κανάλι (συντονιστές)
cmd-quiz-packs-name = πακέτα
cmd-quiz-packs-description = Τα πακέτα κουίζ που μπορείτε να παίξετε
cmd-quiz-settings-name = ρυθμίσεις
cmd-quiz-settings-description = Ρυθμίσεις κουίζ του server (απαιτείται το δικαίωμα «Διαχείριση διακομιστή»)
cmd-quiz-settings-moderator_role-name = ρόλος_συντονιστή
cmd-quiz-settings-moderator_role-description = Ένας ρόλος που μπορεί να διεξάγει γύρους κουίζ
cmd-quiz-settings-seconds-name = δευτερόλεπτα
cmd-quiz-settings-seconds-description = Προεπιλεγμένα δευτερόλεπτα ανά ερώτηση
cmd-quiz-settings-language-name = γλώσσα
cmd-quiz-settings-language-description = Γλώσσα των δημόσιων μηνυμάτων των γύρων
cmd-quiz-settings-ping_role-name = ρόλος_ειδοποίησης
cmd-quiz-settings-ping_role-description = Ένας ρόλος που ειδοποιείται όταν ξεκινά ένας γύρος
cmd-quiz-settings-clear_ping_role-name = χωρίς_ρόλο_ειδοποίησης
cmd-quiz-settings-clear_ping_role-description = Να μην ειδοποιείται κανένας ρόλος όταν ξεκινά ένας γύρος
cmd-quiz-settings-time_zone-name = ζώνη_ώρας
cmd-quiz-settings-time_zone-description = Η ζώνη ώρας των προγραμματισμένων γύρων, π.χ. Europe/Athens
cmd-quiz-settings-grace_minutes-name = περιθώριο_λεπτά
cmd-quiz-settings-grace_minutes-description = Πόσο αργότερα ξεκινά ακόμη ένας προγραμματισμένος γύρος αν το bot ήταν εκτός (λεπτά, 0-120)
cmd-quiz-settings-suggestions-name = προτάσεις
cmd-quiz-settings-suggestions-description = Αν τα μέλη μπορούν να προτείνουν ερωτήσεις για τα πακέτα του server (ναι, αρχικά)
cmd-quiz-settings-suggestions_channel-name = κανάλι_προτάσεων
cmd-quiz-settings-suggestions_channel-description = Ένα κανάλι όπου οι συντονιστές βλέπουν κάθε νέα πρόταση, με τα κουμπιά της
cmd-quiz-settings-clear_suggestions_channel-name = χωρίς_κανάλι_προτάσεων
cmd-quiz-settings-clear_suggestions_channel-description = Καμία πρόταση σε κανάλι (η εντολή της ουράς τις δείχνει ακόμη)
cmd-quiz-settings-reward_role-name = ρόλος_επιβράβευσης
cmd-quiz-settings-reward_role-description = Ένας ρόλος που κερδίζουν τα μέλη με κάποιους πόντους (δώστε και το πόντοι_επιβράβευσης)
cmd-quiz-settings-reward_at-name = πόντοι_επιβράβευσης
cmd-quiz-settings-reward_at-description = Οι πόντοι που κερδίζουν τον ρόλο επιβράβευσης
cmd-quiz-settings-reward_scope-name = εύρος_επιβράβευσης
cmd-quiz-settings-reward_scope-description = Μετρά τους πόντους όλων των εποχών (αρχικά) ή της τρέχουσας σεζόν
cmd-quiz-settings-clear_reward_role-name = χωρίς_ρόλο_επιβράβευσης
cmd-quiz-settings-clear_reward_role-description = Ένας ρόλος επιβράβευσης που δεν δίνεται πια (όσοι τον έχουν τον κρατούν)
cmd-quiz-settings-pause_limit-name = όριο_παύσης
cmd-quiz-settings-pause_limit-description = Λεπτά που περιμένει ένας γύρος σε παύση πριν τελειώσει (προεπιλογή: 60)
cmd-quiz-settings-retention-name = διατήρηση
cmd-quiz-settings-retention-description = Προεπιλεγμένη διατήρηση ενός πακέτου για όσα μέλη δεν επέλεξαν (με πακέτο)
cmd-quiz-settings-pack-name = πακέτο
cmd-quiz-settings-pack-description = Το πακέτο της προεπιλεγμένης διατήρησης
cmd-quiz-analytics-name = ανάλυση
cmd-quiz-analytics-description = Πώς τα πήγε κάθε ερώτηση ενός πακέτου σε αυτόν τον server, πρώτα οι χειρότερες (συντονιστές)
cmd-quiz-analytics-pack-name = πακέτο
cmd-quiz-analytics-pack-description = Το πακέτο κουίζ που θα αναλυθεί
cmd-review-name = επανάληψη
cmd-review-description = Ιδιωτική επανάληψη των ερωτήσεων που σας περιμένουν
cmd-review-pack-name = πακέτο
cmd-review-pack-description = Μόνο αυτό το πακέτο
cmd-leaderboard-name = κατάταξη
cmd-leaderboard-description = Οι κορυφαίοι αυτού του server
cmd-leaderboard-period-name = περίοδος
cmd-leaderboard-period-description = Αυτή την εβδομάδα, αυτόν τον μήνα, συνολικά ή αυτή τη σεζόν
cmd-leaderboard-pack-name = πακέτο
cmd-leaderboard-pack-description = Μόνο αυτό το πακέτο
cmd-leaderboard-season-name = σεζόν
cmd-leaderboard-season-description = Ο πίνακας μιας σεζόν, τρέχουσας ή παλαιότερης, με το όνομά της
cmd-stats-name = στατιστικά
cmd-stats-description = Απαντήσεις, ακρίβεια, σερί και επαναλήψεις
cmd-stats-member-name = μέλος
cmd-stats-member-description = Τα στατιστικά ποιου μέλους (προεπιλογή: τα δικά σας)

## Επιλογές των εντολών.

choice-week = Αυτή την εβδομάδα
choice-month = Αυτόν τον μήνα
choice-all = Συνολικά
choice-season = Αυτή τη σεζόν
choice-english = Αγγλικά
choice-greek = Ελληνικά
choice-english_greek = Αγγλικά και ελληνικά
choice-greek_english = Ελληνικά και αγγλικά
choice-easy = Εύκολο
choice-medium = Μέτριο
choice-hard = Δύσκολο
choice-kind_choice = Επιλογή: μία σωστή
choice-kind_all = Όλες όσες ισχύουν
choice-kind_typed = Γραπτή απάντηση
choice-kind_number = Αριθμός

## Η δυσκολία ενός πακέτου (το πακέτο: ουδέτερο γένος).

difficulty-easy = Εύκολο
difficulty-medium = Μέτριο
difficulty-hard = Δύσκολο

## Ένας γύρος: τα δημόσια μηνύματα στη γλώσσα του server, οι ιδιωτικές απαντήσεις στη γλώσσα του μέλους.

round-start_title = Κουίζ: { $title }
round-start_body = { $difficulty } · { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    } · { $seconds ->
        [one] { $seconds } δευτερόλεπτο
       *[other] { $seconds } δευτερόλεπτα
    } ανά ερώτηση
round-started_by = Έναρξη: { $member }
round-ping = { $role }, ξεκινά ένας γύρος κουίζ!
round-guide = Οδηγός: [{ $title }]({ $url })
round-guide_plain = Οδηγός: { $title }
round-question_title = Ερώτηση { $number } από { $total }
# Το $time είναι χρονοσφραγίδα του Discord που το πρόγραμμα του μέλους δείχνει ως «σε 30 δευτερόλεπτα».
round-closes = Κλείνει { $time }
round-closed = Έκλεισε
round-answered = { $count ->
        [one] { $count } απάντηση
       *[other] { $count } απαντήσεις
    }
round-locked_in = Η απάντησή σας καταχωρίστηκε: **{ $letter }**. Η σωστή απάντηση θα φανεί όταν κλείσει η ερώτηση.
round-already_answered = Έχετε ήδη απαντήσει **{ $letter }**.
round-locked_in_given = Η απάντησή σας καταχωρίστηκε: { $given }. Η σωστή απάντηση θα φανεί όταν κλείσει η ερώτηση.
round-already_answered_given = Έχετε ήδη απαντήσει { $given }.
round-question_closed = Αυτή η ερώτηση έχει κλείσει· η επιλογή σας δεν καταχωρίστηκε.
round-paused = Σε παύση
round-paused_left = { $seconds ->
        [one] απομένει { $seconds } δευτ. όταν συνεχιστεί
       *[other] απομένουν { $seconds } δευτ. όταν συνεχιστεί
    }
round-paused_click = Ο γύρος είναι σε παύση, οπότε η επιλογή σας δεν καταχωρίστηκε. Απαντήστε μόλις ένας συντονιστής τον συνεχίσει.
round-round_over = Αυτός ο γύρος έχει τελειώσει.
round-correct_answer = Σωστή απάντηση: **{ $letter }**: { $text }
round-how_answered = Πώς απάντησαν τα μέλη
round-no_answers = Δεν απάντησε κανείς.
round-fastest = Ταχύτερες σωστές απαντήσεις
round-fastest_entry = { $member } { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } δευτ.
round-nobody_right = Κανείς δεν απάντησε σωστά.
round-why_button = Γιατί η δική μου ήταν λάθος;
round-why_correct = Επιλέξατε **{ $letter }**, τη σωστή απάντηση.
round-why_wrong = Επιλέξατε **{ $letter }**. { $why }
round-why_wrong_no_reason = Επιλέξατε **{ $letter }**· η σωστή απάντηση είναι **{ $correct }**.
round-why_no_answer = Δεν απαντήσατε σε αυτή την ερώτηση.
round-why_not_yet = Αυτή η ερώτηση είναι ακόμη ανοιχτή· η απάντηση εξηγείται μόλις κλείσει.
round-standings_title = Βαθμολογία: { $title }
round-stopped_title = Ο γύρος διακόπηκε: { $title }
round-standings_line = **{ $rank }.** { $member }: { $points ->
        [one] { $points } σωστή
       *[other] { $points } σωστές
    } · { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } δευτ.
round-no_standings = Κανείς δεν απάντησε σε αυτόν τον γύρο.
round-review_missed_button = Επανάληψη όσων έχασα
round-nothing_missed = Δεν χάσατε καμία ερώτηση σε αυτόν τον γύρο. Μπράβο!
round-started_elsewhere = Ο γύρος ξεκινά στο { $channel }.
round-already_running = Υπάρχει ήδη γύρος σε εξέλιξη στο { $channel }. Σταματήστε τον πρώτα με /{ cmd-quiz-name } { cmd-quiz-stop-name }.
round-no_round = Δεν υπάρχει γύρος σε εξέλιξη σε αυτό το κανάλι.
round-stopping = Ο γύρος διακόπτεται.
round-skipping = Η ερώτηση κλείνει τώρα.
# Το $ends είναι χρονοσφραγίδα του Discord που το πρόγραμμα του μέλους δείχνει ως «σε μία ώρα».
round-paused_question = Ο γύρος τέθηκε σε παύση. Η ερώτηση { $number } κρατά { $seconds ->
        [one] το { $seconds } δευτ. που της απομένει
       *[other] τα { $seconds } δευτ. που της απομένουν
    }· συνεχίστε τον γύρο με /{ cmd-quiz-name } { cmd-quiz-resume-name }. Αν δεν συνεχιστεί, θα τελειώσει αυτόματα { $ends }.
round-paused_between = Ο γύρος τέθηκε σε παύση ανάμεσα σε δύο ερωτήσεις: η επόμενη ερώτηση περιμένει το /{ cmd-quiz-name } { cmd-quiz-resume-name }. Αν δεν συνεχιστεί, ο γύρος θα τελειώσει αυτόματα { $ends }.
round-already_paused = Ο γύρος σε αυτό το κανάλι είναι ήδη σε παύση. Συνεχίστε τον με /{ cmd-quiz-name } { cmd-quiz-resume-name }.
round-not_paused = Ο γύρος σε αυτό το κανάλι δεν είναι σε παύση.
round-resumed_question = Ο γύρος συνεχίζεται: η ερώτηση { $number } έχει ξανά { $seconds ->
        [one] το { $seconds } δευτ. της
       *[other] τα { $seconds } δευτ. της
    }, με νέα αντίστροφη μέτρηση.
round-resumed_between = Ο γύρος συνεχίζεται: η επόμενη ερώτηση έρχεται σε λίγο.
round-paused_too_long = Ο γύρος τελείωσε αυτόματα: έμεινε σε παύση περισσότερο από { $minutes ->
        [one] { $minutes } λεπτό
       *[other] { $minutes } λεπτά
    }, το όριο αυτού του server.
round-unknown_pack = Δεν υπάρχει πακέτο με το όνομα «{ $pack }». Δοκιμάστε /{ cmd-quiz-name } { cmd-quiz-packs-name }.
round-no_questions = Αυτό το πακέτο δεν έχει ερωτήσεις για να παίξετε.
round-cannot_post = Δεν μπορώ να δημοσιεύσω στο { $channel }: χρειάζομαι εκεί τα δικαιώματα «Προβολή καναλιού», «Αποστολή μηνυμάτων» και «Ενσωμάτωση συνδέσμων».
round-cannot_attach = Δεν μπορώ να δείξω τις εικόνες αυτού του πακέτου στο { $channel }: χρειάζομαι εκεί το δικαίωμα «Επισύναψη αρχείων». Διαλέξτε άλλο κανάλι ή ένα πακέτο χωρίς εικόνες· δεν ξεκίνησε τίποτα.
round-ended_for_you = Ο γύρος κουίζ **{ $pack }** που ξεκινήσατε στο { $channel } τελείωσε: { $reason }.
# Γύρος επανάληψης (/quiz start mode: review): οι ερωτήσεις που τα μέλη του server χρειάζονται ξανά.
round-review-title = Γύρος επανάληψης: { $title }
round-review-body = Οι ερωτήσεις που τα μέλη του server απάντησαν συχνότερα λάθος ή πρέπει να επαναλάβουν τώρα, πρώτα όσες χρειάζονται περισσότερο.
round-review-nothing = Κανείς σε αυτόν τον server δεν έχει απαντήσει ακόμη σε ερωτήσεις του πακέτου **{ $pack }**, οπότε δεν υπάρχει τίποτα για επανάληψη. Ξεκινήστε πρώτα έναν κανονικό γύρο.

## Γιατί ένας γύρος τελείωσε μόνος του, κατά τον κωδικό σφάλματος του Discord.

round-lost-10003 = το κανάλι δεν υπάρχει πια
round-lost-50001 = το quizbot δεν βλέπει πια αυτό το κανάλι
round-lost-50013 = στο quizbot λείπει ένα δικαίωμα που χρειάζεται εκεί («Προβολή καναλιού», «Αποστολή μηνυμάτων», «Ενσωμάτωση συνδέσμων», «Ανάγνωση ιστορικού μηνυμάτων»)
# Οι ερωτήσεις του γύρου δεν μπορούν πια να εμφανιστούν (π.χ. ενσωματωμένο πακέτο που άλλαξε σε επανεκκίνηση).
round-content_gone = μια ερώτηση που επρόκειτο να θέσει δεν υπάρχει πια στο πακέτο του (το πακέτο άλλαξε όσο έτρεχε ο γύρος). Η κατάταξη ως εκείνη τη στιγμή δημοσιεύεται στο κανάλι

## Ιδιωτική επανάληψη.

review-title = Επανάληψη · { $pack }
review-new_question = Νέα ερώτηση
review-due_question = Προς επανάληψη
review-left_today = { $count ->
        [one] απομένει { $count } επανάληψη σήμερα
       *[other] απομένουν { $count } επαναλήψεις σήμερα
    }
review-waiting = { $count } περιμένουν τις επόμενες ημέρες
review-limit_reached = Κάνατε τις σημερινές επαναλήψεις: { $count ->
        [one] { $count } ακόμη ερώτηση περιμένει
       *[other] { $count } ακόμη ερωτήσεις περιμένουν
    } την επόμενη επανάληψή σας, { $time } (το ημερήσιο όριό σας, από την εντολή { $command }).
review-nothing_due = Δεν υπάρχει τίποτα για επανάληψη. Η επόμενη επανάληψή σας θα είναι { $time }.
review-nothing_at_all = Δεν υπάρχει ακόμη τίποτα για επανάληψη. Απαντήστε σε ερωτήσεις σε έναν γύρο κουίζ ή επιλέξτε ένα πακέτο με /{ cmd-review-name } { cmd-review-pack-name }.
review-right = Σωστά!
review-wrong = Όχι ακριβώς: η σωστή απάντηση είναι **{ $letter }**.
review-not_right = Όχι ακριβώς.
review-comes_back = Αυτή η ερώτηση θα εμφανιστεί ξανά { $time }.
review-next_button = Επόμενη
review-stop_button = Διακοπή
review-summary_title = Η επανάληψη ολοκληρώθηκε
review-summary = { $reviewed ->
        [one] Επαναλήφθηκε { $reviewed } ερώτηση
       *[other] Επαναλήφθηκαν { $reviewed } ερωτήσεις
    } · { $correct ->
        [one] { $correct } σωστή
       *[other] { $correct } σωστές
    }
review-summary_next = Επόμενη επανάληψη: { $time }
review-not_yours = Αυτή η επανάληψη ανήκει σε κάποιον άλλον. Ξεκινήστε τη δική σας με /{ cmd-review-name }.
review-already_answered = Έχετε ήδη απαντήσει σε αυτή την ερώτηση της επανάληψης: η πρώτη σας απάντηση όρισε πότε θα εμφανιστεί ξανά, οπότε αυτό το πάτημα δεν αλλάζει τίποτα.
review-first_new = Δεν υπάρχει τίποτα για επανάληψη αυτή τη στιγμή, οπότε ορίστε μια νέα ερώτηση.
review-missed_question = Απαντήσατε λάθος σε αυτή την ερώτηση στον γύρο
review-unanswered_question = Δεν απαντήσατε σε αυτή την ερώτηση στον γύρο
review-your_answer = η απάντησή σας
review-why_not = **Γιατί όχι το { $letter };** { $why }
review-finish_button = Ολοκλήρωση
review-summary_nothing = Επόμενη επανάληψη: δεν έχει προγραμματιστεί
review-now_button = Επανάληψη τώρα
# Ερώτηση που το μέλος απάντησε λάθος LEECH_LAPSES φορές αφού την έμαθε: βγαίνει από τις επαναλήψεις του.
review-leech_title = Εκτός επαναλήψεων
review-leech = Απαντήσατε λάθος σε αυτή την ερώτηση { $lapses } φορές από τότε που είδατε πρώτη φορά τη σωστή απάντηση, οπότε βγαίνει από τις επαναλήψεις σας: μία ακόμη επανάληψη θα σας μάθαινε λίγα. Οι γύροι κουίζ μπορεί να τη θέτουν ακόμη. Αν η απάντησή της μοιάζει λάθος ή η ερώτηση διφορούμενη, πείτε το σε έναν συντονιστή.
review-leech_answer = **Απάντηση:** { $answer }

## Η κατάταξη του server.

leaderboard-title = Κατάταξη · { $period }
leaderboard-title_pack = Κατάταξη · { $period } · { $pack }
leaderboard-week = Εβδομάδα { $week }, { $year }
leaderboard-line = **{ $rank }.** { $member }: { $points ->
        [one] { $points } σωστή
       *[other] { $points } σωστές
    } · { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } δευτ. ({ $answered ->
        [one] { $answered } απάντηση
       *[other] { $answered } απαντήσεις
    })
leaderboard-empty = Δεν υπάρχουν ακόμη απαντήσεις σε αυτή την περίοδο.
leaderboard-page = Σελίδα { $page } από { $pages }
leaderboard-your_rank = Βρίσκεστε στη θέση #{ $rank } με { $points ->
        [one] { $points } σωστή απάντηση
       *[other] { $points } σωστές απαντήσεις
    }.
leaderboard-not_ranked = Δεν είστε σε αυτή την κατάταξη: δεν έχετε ακόμη σωστές απαντήσεις σε αυτή την περίοδο.
leaderboard-me_button = Η θέση μου
leaderboard-previous_button = Προηγούμενη
leaderboard-next_button = Επόμενη

## Κατατάξεις: αποτελέσματα γύρου και πίνακες κατάταξης (ισοβαθμίες, περικοπές, ιδιωτικό αντίγραφο).

standings-tie_rule = Πρώτα οι περισσότερες σωστές, μετά ο λιγότερος συνολικός χρόνος· όσοι ισοβαθμούν και στα δύο (ο χρόνος με ακρίβεια δεκάτου του δευτερολέπτου) μοιράζονται τη θέση.
standings-played = { $count ->
        [one] Έπαιξε { $count }
       *[other] Έπαιξαν { $count }
    }
standings-more = …και { $count } ακόμη
standings-no_points = Σε αυτόν τον γύρο δεν δόθηκε καμία σωστή απάντηση.
standings-nobody_right_yet = Κανείς δεν έχει ακόμη σωστή απάντηση σε αυτή την περίοδο.
standings-you = ← εσείς
standings-browse_button = Περιήγηση

## Τα στατιστικά ενός μέλους (/stats): τα δικά του ή κάποιου άλλου.

stats-title = Στατιστικά
stats-answers = Απαντήσεις
stats-accuracy = Ακρίβεια
stats-rounds = Γύροι
stats-streak = Ημερήσιο σερί
stats-streak_days = { $days ->
        [one] { $days } ημέρα
       *[other] { $days } ημέρες
    }
stats-next_review = Επόμενη επανάληψη
stats-no_review = δεν έχει προγραμματιστεί
stats-review_now = τώρα
stats-mastery = Πακέτα
# Απρόσωπη σύνταξη: η γραμμή διαβάζεται σωστά και για τα δικά σας στατιστικά και για άλλου μέλους.
stats-mastery_line = { $pack }: { $mastered ->
        [one] κατακτήθηκε
       *[other] κατακτήθηκαν
    } { $mastered }/{ $questions }, { $seen ->
        [one] απαντήθηκε
       *[other] απαντήθηκαν
    } { $seen }
# Το $whose είναι "self" για τα δικά σας στατιστικά, "other" για άλλου μέλους.
stats-no_packs = { $whose ->
        [self] Δεν έχετε ξεκινήσει ακόμη κανένα πακέτο.
       *[other] Δεν έχει ξεκινήσει ακόμη κανένα πακέτο.
    }
stats-scope = Απαντήσεις, ακρίβεια και γύροι: σε αυτόν τον server. Σερί, πακέτα και επαναλήψεις: σε όλους τους server.
# Το /stats εκτός server (σε DM με το bot, σε ομαδικό DM).
stats-scope_everywhere = Απαντήσεις, ακρίβεια, γύροι, σερί και επαναλήψεις: σε όλους τους server. Πακέτα: τα ενσωματωμένα (τα δικά ενός server φαίνονται σε εκείνον).
stats-own_only = Εκτός server, το /{ cmd-stats-name } δείχνει μόνο τα δικά σας στατιστικά.
stats-former_member = { $member } (δεν είναι πια μέλος αυτού του server)
stats-not_in_server = { $member } δεν είναι μέλος αυτού του server και δεν έχει απαντήσεις εδώ.
# Per pack: the retention reached in /review over 30 days, beside its target; then the forecast.
stats-reached = Διατήρηση που επιτεύχθηκε (τελευταίες 30 ημέρες)
stats-reached_line = { $pack }: { $reached } σε { $reviews } επαναλήψεις · στόχος { $target }
stats-reached_few = { $pack }: λίγες επαναλήψεις ακόμη ({ $reviews }) · στόχος { $target }
stats-reached_none = Καμία επανάληψη οφειλόμενης ερώτησης τις τελευταίες 30 ημέρες.
stats-forecast = Επαναλήψεις τις επόμενες 30 ημέρες
stats-forecast_text = Περίπου { $total }, από τις οποίες { $new } νέες ερωτήσεις· την πιο φορτωμένη ημέρα περίπου { $busiest }.

## Το διάγραμμα του /stats (συνημμένη εικόνα): τίτλοι, άξονες και ημερομηνίες.

stats_chart-answers_title = Απαντήσεις ανά εβδομάδα (αυτός ο server)
stats_chart-answers_title_everywhere = Απαντήσεις ανά εβδομάδα (όλοι οι server)
stats_chart-answers_axis = Απαντήσεις
stats_chart-accuracy_axis = Ακρίβεια
stats_chart-due_title = Επαναλήψεις τις επόμενες 14 ημέρες
stats_chart-due_axis = Επαναλήψεις
# Η ημερομηνία κάτω από μια στήλη: ημέρα/μήνας.
stats_chart-date = { $day }/{ $month }

## /quiz packs.

packs-title = Πακέτα κουίζ
packs-line = **{ $title }** (`{ $id }`) · { $difficulty } · { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }
packs-empty = Δεν έχουν φορτωθεί πακέτα κουίζ.
# Επιλογή πακέτου γραμμένη με το εσωτερικό επίθημα του bot (`capitals@123`), που κανένα μέλος δεν γράφει.
# Επιλογή πακέτου εκτός server (σε DM, σε ομαδικό DM), όπου υπάρχουν μόνο τα ενσωματωμένα πακέτα.
packs-unknown_outside = Δεν υπάρχει ενσωματωμένο πακέτο με το όνομα «{ $pack }». Εκτός server επαναλαμβάνονται μόνο τα ενσωματωμένα πακέτα· τα δικά ενός server πακέτα μένουν σε εκείνον τον server.
packs-inside_id = Το «{ $pack }» δεν είναι αναγνωριστικό πακέτου: τα αναγνωριστικά πακέτων δεν περιέχουν ποτέ «@». Γράψτε το αναγνωριστικό όπως το δείχνει η εντολή /{ cmd-quiz-name } { cmd-quiz-packs-name }, χωρίς το «@» και ό,τι ακολουθεί.

## /quiz settings.

settings-title = Ρυθμίσεις κουίζ
settings-moderator_role = Ρόλος συντονιστή
settings-no_role = κανένας (μόνο όσοι έχουν το δικαίωμα «Διαχείριση διακομιστή»)
settings-seconds = Δευτερόλεπτα ανά ερώτηση
settings-language = Γλώσσα των γύρων
settings-server_language = η γλώσσα του server
settings-saved = Οι ρυθμίσεις αποθηκεύτηκαν.
settings-ping_role = Ειδοποίηση στην έναρξη γύρου
settings-no_ping = κανένας
settings-ping_unreachable = Ο ρόλος { $role } δεν θα ειδοποιηθεί: δεν επιτρέπει αναφορές και το bot δεν έχει εδώ το δικαίωμα «Αναφορά σε @everyone, @here και όλους τους ρόλους». Ενεργοποιήστε το «Να επιτρέπεται σε όλους να κάνουν @αναφορά σε αυτόν τον ρόλο» («Ρυθμίσεις διακομιστή» → «Ρόλοι») ή δώστε στο bot αυτό το δικαίωμα.
settings-ping_everyone = Το @everyone δεν μπορεί να είναι ο ρόλος ειδοποίησης: διαλέξτε έναν ρόλο. Δεν άλλαξε τίποτα.
settings-ping_both = Δώστε είτε ρόλος_ειδοποίησης είτε χωρίς_ρόλο_ειδοποίησης, όχι και τα δύο. Δεν άλλαξε τίποτα.
settings-time_zone = Ζώνη ώρας των προγραμματισμένων γύρων
settings-grace = Καθυστερημένη έναρξη μετά από διακοπή
settings-grace_minutes = { $minutes ->
        [0] ποτέ: ένας γύρος που το bot έχασε επειδή ήταν εκτός χάνεται
        [one] έως { $minutes } λεπτό αργότερα
       *[other] έως { $minutes } λεπτά αργότερα
    }
settings-unknown_zone = Δεν γνωρίζω τη ζώνη ώρας «{ $zone }»: επιλέξτε μία από τη λίστα, π.χ. Europe/Athens. Δεν άλλαξε τίποτα.
settings-pause_limit = Όριο παύσης
settings-pause_minutes = { $minutes ->
        [one] { $minutes } λεπτό
       *[other] { $minutes } λεπτά
    }

## /quiz analytics: πώς τα πήγε κάθε ερώτηση ενός πακέτου σε αυτόν τον server (συντονιστές).

analytics-title = Ανάλυση ερωτήσεων · { $pack }
analytics-summary = { $members ->
        [one] { $members } μέλος έδωσε
       *[other] { $members } μέλη έδωσαν
    } { $answers ->
        [one] { $answers } απάντηση
       *[other] { $answers } απαντήσεις
    } σε αυτό το πακέτο σε αυτόν τον server. Πρώτα οι χειρότερες ερωτήσεις.
analytics-item = **{ $rank }.** `{ $id }` · διάκριση **{ $index }** · { $prompt }
analytics-figures = απαντήσεις { $answers } · σωστές { NUMBER($right, style: "percent") } · { $wrong } · χρόνος: διάμεσος { NUMBER($median, minimumFractionDigits: 1, maximumFractionDigits: 1) } δευτ., μέσος όρος { NUMBER($mean, minimumFractionDigits: 1, maximumFractionDigits: 1) } δευτ.
analytics-top_wrong = συχνότερη λάθος επιλογή **{ $letter }** { NUMBER($share, style: "percent") }
analytics-no_wrong = καμία λάθος απάντηση
# Μέλη που απάντησαν στο πακέτο εδώ και έχουν την ερώτηση ως «βδέλλα» (λάθος ξανά και ξανά).
analytics-leeches = { $count ->
        [one] **{ $count } μέλος** την απαντά συνέχεια λάθος (ελέγξτε τη σωστή απάντηση και τη διατύπωση)
       *[other] **{ $count } μέλη** την απαντούν συνέχεια λάθος (ελέγξτε τη σωστή απάντηση και τη διατύπωση)
    }
analytics-more = { $count ->
        [one] …και { $count } ακόμη ερώτηση.
       *[other] …και { $count } ακόμη ερωτήσεις.
    }
analytics-unanswered = { $count ->
        [one] { $count } ερώτηση δεν έχει απαντηθεί ακόμη σε αυτόν τον server.
       *[other] { $count } ερωτήσεις δεν έχουν απαντηθεί ακόμη σε αυτόν τον server.
    }
analytics-no_answers = Κανείς σε αυτόν τον server δεν έχει απαντήσει ακόμη σε αυτό το πακέτο.
analytics-footer = Σειρά: πρώτα η μικρότερη διάκριση, μετά το μικρότερο ποσοστό σωστών. Διάκριση: η συσχέτιση point-biserial ανάμεσα στη σωστή απάντηση στην ερώτηση και στο ποσοστό σωστών του μέλους στις υπόλοιπες ερωτήσεις του πακέτου (μόνο οι πρώτες απαντήσεις)· κάτω από 0,2 είναι αδύναμη· αρνητική: μάλλον έχει οριστεί λάθος η σωστή απάντηση ή η ερώτηση είναι διφορούμενη. –: σε αυτήν και σε άλλη ερώτηση απάντησαν λιγότερα από { $min ->
        [one] { $min } μέλος
       *[other] { $min } μέλη
    }, ή σε αυτήν απάντησαν σωστά είτε όλοι είτε κανείς.
analytics-picked = ποσοστό επιλογής: { $options }
analytics-option = **{ $letter }** { NUMBER($share, style: "percent") }
analytics-option_applies = **{ $letter }** ✓ { NUMBER($share, style: "percent") }
analytics-common_wrong = συχνότερες λάθος απαντήσεις: { $answers }
analytics-common_answer = { $answer } ({ $count ->
        [one] { $count } μέλος
       *[other] { $count } μέλη
    })
analytics-no_common_wrong = καμία λάθος απάντηση δεν γράφτηκε ίδια από { $min ->
        [one] { $min } μέλος
       *[other] { $min } μέλη
    }
analytics-typo = συγχωρήθηκε τυπογραφικό λάθος στο { NUMBER($share, style: "percent") } των σωστών απαντήσεων

## Σφάλματα, πάντα ιδιωτικά.

errors-not_moderator = Μόνο οι συντονιστές μπορούν να το κάνουν αυτό: χρειάζεστε το δικαίωμα «Διαχείριση διακομιστή» ή τον ρόλο συντονιστή κουίζ.
errors-not_manager = Μόνο τα μέλη με το δικαίωμα «Διαχείριση διακομιστή» μπορούν να αλλάξουν τις ρυθμίσεις του κουίζ.
errors-guild_only = Αυτή η εντολή λειτουργεί μόνο σε server.
errors-not_here = Αυτό το κουμπί δεν ανήκει εδώ, οπότε δεν έγινε τίποτα.
errors-failed_answer = Κάτι πήγε στραβά: η απάντησή σας δεν καταχωρίστηκε. Δοκιμάστε ξανά. (σφάλμα { $error_id })
errors-failed = Κάτι πήγε στραβά. Δοκιμάστε ξανά. (σφάλμα { $error_id })

## Ρυθμίσεις μέλους (/settings) και υπενθυμίσεις επανάληψης με DM.

cmd-settings-name = ρυθμίσεις
cmd-settings-description = Οι δικές σας ρυθμίσεις: ζώνη ώρας, νέες ερωτήσεις, υπενθυμίσεις επανάληψης με DM
cmd-settings-time_zone-name = ζώνη_ώρας
cmd-settings-time_zone-description = Η ζώνη ώρας σας, π.χ. Europe/Athens
cmd-settings-new_per_day-name = νέες_ανά_ημέρα
cmd-settings-new_per_day-description = Νέες ερωτήσεις ανά ημέρα στις επαναλήψεις σας (0-50)
cmd-settings-reminders-name = υπενθυμίσεις
cmd-settings-reminders-description = Ένα DM όταν σας περιμένουν ερωτήσεις για επανάληψη
cmd-settings-reminder_hour-name = ώρα_υπενθύμισης
cmd-settings-reminder_hour-description = Η ώρα της υπενθύμισης, στη δική σας ζώνη ώρας (0-23)
cmd-settings-quiet_start-name = αρχή_ησυχίας
cmd-settings-quiet_start-description = Αρχή των ωρών ησυχίας: καμία υπενθύμιση από αυτή την ώρα (0-23)
cmd-settings-quiet_end-name = τέλος_ησυχίας
cmd-settings-quiet_end-description = Τέλος των ωρών ησυχίας (0-23· ίδια με την αρχή: καθόλου)
cmd-settings-language-name = γλώσσα
cmd-settings-language-description = Γλώσσα των DM του bot προς εσάς
cmd-settings-event_reminders-name = υπενθυμίσεις_εκδηλώσεων
cmd-settings-event_reminders-description = Ένα DM πριν από έναν προγραμματισμένο γύρο στην εκδήλωση του οποίου πατήσατε «Ενδιαφέρομαι»
cmd-settings-retention-name = διατήρηση
cmd-settings-retention-description = Πόσο σίγουροι θέλετε να είστε όταν επιστρέφει μια ερώτηση (υψηλότερη: περισσότερες επαναλήψεις)
cmd-settings-away_from-name = απουσία_από
cmd-settings-away_from-description = Η πρώτη ημέρα απουσίας σας (ΕΕΕΕ-ΜΜ-ΗΗ): χωρίς υπενθυμίσεις, το σερί σας μένει
cmd-settings-away_until-name = απουσία_έως
cmd-settings-away_until-description = Η τελευταία ημέρα απουσίας σας (ΕΕΕΕ-ΜΜ-ΗΗ)
cmd-settings-clear_away-name = τέλος_απουσίας
cmd-settings-clear_away-description = Επιστρέψατε (ή δεν θα λείψετε): τέλος στην απουσία σας
cmd-settings-easy_days-name = ελαφριές_ημέρες
cmd-settings-easy_days-description = Ημέρες χωρίς επαναλήψεις και υπενθυμίσεις, π.χ. «σαβ κυρ», ή «κανένα»
cmd-settings-daily_reviews-name = επαναλήψεις_ανά_ημέρα
cmd-settings-daily_reviews-description = Το πολύ τόσες ερωτήσεις για επανάληψη την ημέρα (0: χωρίς όριο)
choice-retention_80 = 80% (λιγότερες επαναλήψεις)
choice-retention_85 = 85%
choice-retention_88 = 88% (προεπιλογή)
choice-retention_92 = 92%
choice-retention_95 = 95% (περισσότερες επαναλήψεις)
choice-retention_default = Καθαρισμός: ισχύει η προεπιλογή
cmd-settings-pack-name = πακέτο
cmd-settings-pack-description = Με διατήρηση: ο στόχος σας μόνο για αυτό το πακέτο
choice-client = Η γλώσσα του Discord μου
settings-member-title = Οι ρυθμίσεις σας
settings-member-saved = Οι ρυθμίσεις αποθηκεύτηκαν.
settings-member-current = Οι ρυθμίσεις σας. Αλλάξτε όποια θέλετε με τις επιλογές της εντολής { $command }.
settings-member-time_zone = Ζώνη ώρας
settings-member-new_per_day = Νέες ερωτήσεις ανά ημέρα
settings-member-reminders = Υπενθυμίσεις επανάληψης με DM
settings-member-reminders_on = ενεργές, στις { $hour } (δική σας ώρα)
settings-member-reminders_off = ανενεργές
settings-member-quiet = Ώρες ησυχίας
settings-member-quiet_hours = { $start } έως { $end }
settings-member-no_quiet = καμία
settings-member-language = Γλώσσα των DM
settings-member-event_reminders = Πριν από προγραμματισμένους γύρους
settings-member-event_reminders_on = ένα DM { $minutes ->
        [one] { $minutes } λεπτό
       *[other] { $minutes } λεπτά
    } πριν από έναν γύρο στην εκδήλωση του οποίου στο Discord πατήσατε «Ενδιαφέρομαι»
settings-member-client_language = η γλώσσα του Discord σας
# Η επιθυμητή διατήρηση του μέλους και οι επαναλήψεις ανά ημέρα κάθε επιλογής με τις κάρτες του.
settings-member-retention = Διατήρηση: { $percent }%
settings-member-retention_outlook = Αναμενόμενες επαναλήψεις ανά ημέρα σε κάθε επιλογή, από τις κάρτες σας όπως είναι τώρα (χωρίς τις νέες ερωτήσεις):
settings-member-retention_choice = { $percent }%: { NUMBER($reviews, minimumFractionDigits: 1, maximumFractionDigits: 1) }
settings-member-retention_current = **{ $percent }%: { NUMBER($reviews, minimumFractionDigits: 1, maximumFractionDigits: 1) }** (η δική σας)
settings-member-retention_no_cards = Καμία επανάληψη ακόμη: απαντήστε σε μερικές ερωτήσεις και το κόστος κάθε επιλογής θα φαίνεται εδώ.
settings-member-away = Απουσία
settings-member-away_window = { $first } έως { $last }: χωρίς υπενθυμίσεις, το σερί σας μένει
settings-member-away_none = καμία
settings-member-easy_days = Ελαφριές ημέρες
settings-member-easy_none = καμία
settings-member-daily_reviews = Επαναλήψεις ανά ημέρα
settings-member-daily_reviews_limit = το πολύ { $count }, πρώτα όσες πιθανότατα έχετε ξεχάσει· οι υπόλοιπες περιμένουν
settings-member-daily_reviews_none = χωρίς όριο
# Targets per pack (bot/app/settings/pack_targets.py): a member's, and a server's defaults.
settings-member-pack_retention = Διατήρηση ανά πακέτο
settings-pack_retention = Προεπιλεγμένη διατήρηση ανά πακέτο
settings-pack_retention_line = { $pack }: { $percent }%
settings-pack_retention_none = καμία
settings-pack_retention_both = Δώστε διατήρηση και πακέτο μαζί: η διατήρηση αφορά εκείνο το πακέτο. Δεν άλλαξε τίποτα.
settings-member-not_saved = Δεν άλλαξε τίποτα.
settings-problem-unknown_zone = Δεν γνωρίζω τη ζώνη ώρας «{ $zone }»: επιλέξτε μία από τη λίστα, π.χ. Europe/Athens.
settings-problem-daily_new_range = Οι νέες ερωτήσεις ανά ημέρα πρέπει να είναι από 0 έως 50.
settings-problem-hour_range = Η ώρα της υπενθύμισης πρέπει να είναι από 0 έως 23.
settings-problem-quiet_range = Οι ώρες ησυχίας πρέπει να είναι από 0 έως 23.
settings-problem-quiet_half = Δώστε και τα δύο άκρα των ωρών ησυχίας (αρχή και τέλος) ή κανένα.
settings-problem-hour_is_quiet = Η ώρα της υπενθύμισής σας ({ $hour }) πέφτει μέσα στις ώρες ησυχίας ({ $start } έως { $end }), οπότε δεν θα ερχόταν ποτέ υπενθύμιση: επιλέξτε άλλη ώρα ή άλλες ώρες ησυχίας.
settings-problem-unknown_language = Το bot δεν γράφει σε αυτή τη γλώσσα.
settings-problem-away_date = Γράψτε τις ημέρες απουσίας ως ΕΕΕΕ-ΜΜ-ΗΗ, π.χ. 2027-01-04.
settings-problem-away_half = Δώστε και την πρώτη και την τελευταία ημέρα απουσίας (απουσία_από και απουσία_έως).
settings-problem-away_order = Η τελευταία ημέρα απουσίας είναι πριν από την πρώτη.
settings-problem-away_past = Αυτή η απουσία έχει ήδη τελειώσει.
settings-problem-away_long = Η απουσία διαρκεί το πολύ έναν χρόνο.
settings-problem-easy_unknown = Το «{ $days }» δεν είναι ημέρα που γνωρίζω: γράψτε ημέρες όπως «σαβ κυρ» ή «κανένα».
settings-problem-easy_every_day = Κρατήστε τουλάχιστον μία ημέρα της εβδομάδας για επαναλήψεις.
settings-problem-daily_reviews_range = Οι επαναλήψεις ανά ημέρα πρέπει να είναι από 0 (χωρίς όριο) έως 500.
reminder-due = { $count ->
        [one] **{ $count }** ερώτηση σας περιμένει για επανάληψη ({ $packs }).
       *[other] **{ $count }** ερωτήσεις σας περιμένουν για επανάληψη ({ $packs }).
    }
reminder-limited = Το ημερήσιο όριό σας προσφέρει σήμερα { $left } από αυτές, πρώτα όσες πιθανότατα έχετε ξεχάσει· οι υπόλοιπες περιμένουν τις επόμενες ημέρες.
reminder-review_button = Επανάληψη τώρα
reminder-refused = Δεν μπόρεσα να σας στείλω υπενθύμιση επανάληψης: το Discord απέρριψε το DM (τα DM σας είναι κλειστά για μέλη κοινού server ή δεν έχουμε πια κοινό server). Οι υπενθυμίσεις σας απενεργοποιήθηκαν· όταν ανοίξετε τα DM σας, ενεργοποιήστε τις ξανά με την εντολή { $command }.

## Πακέτα του server: /κουίζ πακέτο ανέβασμα|λίστα|αφαίρεση|απενεργοποίηση|ενεργοποίηση (συντονιστές), πάντα ιδιωτικά.

cmd-quiz-pack-name = πακέτο
cmd-quiz-pack-description = Τα δικά πακέτα κουίζ αυτού του server (συντονιστές)
cmd-quiz-pack-upload-name = ανέβασμα
cmd-quiz-pack-upload-description = Ανέβασμα πακέτου ή ερωτήσεων (YAML, CSV, GIFT, Aiken, λίστα όρων) για τον server (συντονιστές)
cmd-quiz-pack-upload-file-name = αρχείο
cmd-quiz-pack-upload-file-description = Πακέτο YAML, CSV, JSON του Open Trivia DB, GIFT, Aiken ή λίστα όρων (έως 256 KiB)
cmd-quiz-pack-upload-picture1-name = εικόνα1
cmd-quiz-pack-upload-picture1-description = Η εικόνα μιας ερώτησης, με το όνομα που δίνει το πεδίο image της (PNG, JPEG, WebP ή GIF, έως 2 MiB)
cmd-quiz-pack-upload-picture2-name = εικόνα2
cmd-quiz-pack-upload-picture2-description = Η εικόνα άλλης ερώτησης, όπως η εικόνα1
cmd-quiz-pack-upload-picture3-name = εικόνα3
cmd-quiz-pack-upload-picture3-description = Η εικόνα άλλης ερώτησης, όπως η εικόνα1
cmd-quiz-pack-upload-picture4-name = εικόνα4
cmd-quiz-pack-upload-picture4-description = Η εικόνα άλλης ερώτησης, όπως η εικόνα1
cmd-quiz-pack-upload-picture5-name = εικόνα5
cmd-quiz-pack-upload-picture5-description = Η εικόνα άλλης ερώτησης, όπως η εικόνα1
cmd-quiz-pack-list-name = λίστα
cmd-quiz-pack-list-description = Τα πακέτα που ανέβασε αυτός ο server και τα ενσωματωμένα που απενεργοποίησε (συντονιστές)
cmd-quiz-pack-remove-name = αφαίρεση
cmd-quiz-pack-remove-description = Αφαίρεση πακέτου που ανέβασε αυτός ο server (συντονιστές)
cmd-quiz-pack-remove-pack-name = πακέτο
cmd-quiz-pack-remove-pack-description = Το πακέτο που θα αφαιρεθεί
cmd-quiz-pack-disable-name = απενεργοποίηση
cmd-quiz-pack-disable-description = Απενεργοποίηση ενσωματωμένου πακέτου σε αυτόν τον server (συντονιστές)
cmd-quiz-pack-disable-pack-name = πακέτο
cmd-quiz-pack-disable-pack-description = Το ενσωματωμένο πακέτο που θα απενεργοποιηθεί
cmd-quiz-pack-enable-name = ενεργοποίηση
cmd-quiz-pack-enable-description = Επανενεργοποίηση ενσωματωμένου πακέτου σε αυτόν τον server (συντονιστές)
cmd-quiz-pack-enable-pack-name = πακέτο
cmd-quiz-pack-enable-pack-description = Το ενσωματωμένο πακέτο που θα ενεργοποιηθεί ξανά
cmd-quiz-pack-export-name = εξαγωγή
cmd-quiz-pack-export-description = Ένα πακέτο ως αρχείο YAML, για επεξεργασία ή για ανέβασμα σε άλλον server (συντονιστές)
cmd-quiz-pack-export-pack-name = πακέτο
cmd-quiz-pack-export-pack-description = Το πακέτο που θα εξαχθεί
serverpacks-stored = Το πακέτο **{ $title }** (`{ $id }`) αποθηκεύτηκε για αυτόν τον server: { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }. Ξεκινήστε το με την εντολή /{ cmd-quiz-name } { cmd-quiz-start-name }· κανένας άλλος server δεν το βλέπει.
serverpacks-replaced = Το πακέτο **{ $title }** (`{ $id }`) αντικαταστάθηκε από το νέο αρχείο: { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }. Οι ερωτήσεις που κράτησαν το id τους κρατούν και τις απαντήσεις και τις επαναλήψεις τους.
serverpacks-invalid = Το πακέτο δεν αποθηκεύτηκε: { $count ->
        [one] { $count } πρόβλημα
       *[other] { $count } προβλήματα
    } στο αρχείο.
serverpacks-more_problems = …και { $count } ακόμη.
serverpacks-too_big = Το αρχείο ξεπερνά τα { $limit } KiB, το όριο για ένα πακέτο αυτού του server. Δεν αποθηκεύτηκε τίποτα.
serverpacks-picture_too_big = Η εικόνα { $file } ξεπερνά τα { $limit } MiB, το όριο για την εικόνα μιας ερώτησης. Δεν αποθηκεύτηκε τίποτα.
serverpacks-too_slow = Ο έλεγχος αυτού του αρχείου κράτησε πάρα πολύ: πάνω από { $limit ->
        [one] { $limit } δευτερόλεπτο
       *[other] { $limit } δευτερόλεπτα
    }, το όριο για ένα πακέτο αυτού του server. Δεν αποθηκεύτηκε τίποτα. Ένα πακέτο ελέγχεται συνήθως σε πολύ λιγότερο από ένα δευτερόλεπτο· αναζητήστε στο αρχείο πολύ μεγάλες λίστες ή βαθιά εμφώλευση, ή χωρίστε το σε μικρότερα πακέτα.
serverpacks-too_often = Αυτός ο server μπορεί να ανεβάσει έως { $limit ->
        [one] { $limit } πακέτο
       *[other] { $limit } πακέτα
    } σε { $window ->
        [one] { $window } δευτερόλεπτο
       *[other] { $window } δευτερόλεπτα
    }. Δοκιμάστε ξανά σε { $seconds ->
        [one] { $seconds } δευτερόλεπτο
       *[other] { $seconds } δευτερόλεπτα
    }. Δεν αποθηκεύτηκε τίποτα.
serverpacks-too_many = Αυτός ο server έχει ήδη { $limit ->
        [one] { $limit } πακέτο
       *[other] { $limit } πακέτα
    }, το όριό του. Αφαιρέστε πρώτα ένα με την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-remove-name }. Δεν αποθηκεύτηκε τίποτα.
serverpacks-shadows_builtin = Το `{ $id }` είναι το id ενός ενσωματωμένου πακέτου: δώστε άλλο id στο πακέτο σας. Δεν αποθηκεύτηκε τίποτα.
serverpacks-removed = Το πακέτο `{ $id }` αφαιρέθηκε από αυτόν τον server. Οι απαντήσεις και οι βαθμοί του μένουν στο ιστορικό.
serverpacks-not_own = Αυτός ο server δεν έχει ανεβάσει πακέτο `{ $id }`.
serverpacks-removed_while_played = Το πακέτο `{ $id }` αφαιρέθηκε από αυτόν τον server. Ο γύρος του που τρέχει συνεχίζει ως το τέλος με τις ερωτήσεις με τις οποίες ξεκίνησε. Οι απαντήσεις και οι βαθμοί του μένουν στο ιστορικό.
serverpacks-not_builtin = Δεν υπάρχει ενσωματωμένο πακέτο `{ $id }`.
serverpacks-disabled = Το ενσωματωμένο πακέτο `{ $id }` απενεργοποιήθηκε σε αυτόν τον server: δεν προτείνεται ούτε ξεκινά πια εδώ.
serverpacks-already_disabled = Το ενσωματωμένο πακέτο `{ $id }` είναι ήδη απενεργοποιημένο σε αυτόν τον server.
serverpacks-enabled = Το ενσωματωμένο πακέτο `{ $id }` ενεργοποιήθηκε ξανά σε αυτόν τον server.
serverpacks-already_enabled = Το ενσωματωμένο πακέτο `{ $id }` δεν είναι απενεργοποιημένο σε αυτόν τον server.
serverpacks-list_title = Τα πακέτα αυτού του server
serverpacks-list_own = Ανεβασμένα εδώ: { $count } από { $limit }
serverpacks-list_line = **{ $title }** (`{ $id }`) · { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    } · { $file }
serverpacks-list_none = Κανένα ακόμη: ανεβάστε ένα με την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-upload-name }.
serverpacks-list_disabled = Ενσωματωμένα πακέτα απενεργοποιημένα εδώ
serverpacks-list_no_disabled = Κανένα.
serverpacks-own_mark = δικό αυτού του server

## Προγραμματισμένοι γύροι: /κουίζ πρόγραμμα προσθήκη|λίστα|αφαίρεση|παράλειψη (συντονιστές), πάντα
## ιδιωτικά, και το DM που λέει στον συντονιστή ενός προγράμματος γιατί δεν ξεκίνησε ένας γύρος του.

cmd-quiz-schedule-name = πρόγραμμα
cmd-quiz-schedule-description = Γύροι που ξεκινούν μόνοι τους, κάθε εβδομάδα ή κάθε μέρα (συντονιστές)
cmd-quiz-schedule-add-name = προσθήκη
cmd-quiz-schedule-add-description = Προγραμματισμός γύρου κάθε εβδομάδα ή κάθε μέρα, στη ζώνη ώρας του server (συντονιστές)
cmd-quiz-schedule-add-pack-name = πακέτο
cmd-quiz-schedule-add-pack-description = Το πακέτο κουίζ που θα παιχτεί
cmd-quiz-schedule-add-day-name = ημέρα
cmd-quiz-schedule-add-day-description = Κάθε μέρα ή μία μέρα της εβδομάδας
cmd-quiz-schedule-add-day-daily = Κάθε μέρα
cmd-quiz-schedule-add-day-monday = Δευτέρα
cmd-quiz-schedule-add-day-tuesday = Τρίτη
cmd-quiz-schedule-add-day-wednesday = Τετάρτη
cmd-quiz-schedule-add-day-thursday = Πέμπτη
cmd-quiz-schedule-add-day-friday = Παρασκευή
cmd-quiz-schedule-add-day-saturday = Σάββατο
cmd-quiz-schedule-add-day-sunday = Κυριακή
cmd-quiz-schedule-add-time-name = ώρα
cmd-quiz-schedule-add-time-description = Η ώρα της ημέρας, ΩΩ:ΛΛ στη ζώνη ώρας του server, π.χ. 19:00
cmd-quiz-schedule-add-channel-name = κανάλι
cmd-quiz-schedule-add-channel-description = Πού θα παιχτεί (προεπιλογή: αυτό το κανάλι)
cmd-quiz-schedule-add-questions-name = ερωτήσεις
cmd-quiz-schedule-add-questions-description = Πόσες ερωτήσεις (προεπιλογή: όλες)
cmd-quiz-schedule-add-seconds-name = δευτερόλεπτα
cmd-quiz-schedule-add-seconds-description = Δευτερόλεπτα ανά ερώτηση (προεπιλογή: η ρύθμιση του server)
cmd-quiz-schedule-add-mode-name = λειτουργία
cmd-quiz-schedule-add-mode-description = Κανονική: ανακατεμένο πακέτο. Επανάληψη: ό,τι τα μέλη απάντησαν συχνότερα λάθος ή πρέπει να ξαναδούν
cmd-quiz-schedule-add-ping-name = ειδοποίηση
cmd-quiz-schedule-add-ping-description = Ένας ρόλος που ειδοποιείται όταν ξεκινά κάθε γύρος (προεπιλογή: ο ρόλος ειδοποίησης του server)
cmd-quiz-schedule-add-ends-name = λήξη
cmd-quiz-schedule-add-ends-description = Η τελευταία μέρα, ΕΕΕΕ-ΜΜ-ΗΗ (προεπιλογή: χωρίς λήξη)
cmd-quiz-schedule-add-teams-name = ομάδες
cmd-quiz-schedule-add-teams-description = Γύροι ομάδων: 2-6 ρόλοι ομάδων (αναφορές ή id), ή auto (νέες ομάδες σε κάθε γύρο)
cmd-quiz-schedule-list-name = λίστα
cmd-quiz-schedule-list-description = Οι προγραμματισμένοι γύροι του server και πότε ξεκινούν (συντονιστές)
cmd-quiz-schedule-remove-name = αφαίρεση
cmd-quiz-schedule-remove-description = Αφαίρεση προγράμματος: δεν ξεκινούν πια γύροι του (συντονιστές)
cmd-quiz-schedule-remove-schedule-name = πρόγραμμα
cmd-quiz-schedule-remove-schedule-description = Το πρόγραμμα που θα αφαιρεθεί
cmd-quiz-season-name = σεζόν
cmd-quiz-season-description = Σεζόν: μια περίοδος αγώνων με δικό της πίνακα (συντονιστές)
cmd-quiz-season-start-name = έναρξη
cmd-quiz-season-start-description = Ξεκινά μια σεζόν· κάθε απάντηση μετρά και στον πίνακά της ώσπου να λήξει
cmd-quiz-season-start-name-name = όνομα
cmd-quiz-season-start-name-description = Το όνομα της σεζόν, π.χ. «Εαρινό εξάμηνο»
cmd-quiz-season-start-ends-name = λήξη
cmd-quiz-season-start-ends-description = Η τελευταία της μέρα (ΕΕΕΕ-ΜΜ-ΗΗ, στη ζώνη ώρας του server)· χωρίς αυτή, ώσπου να τη λήξετε
cmd-quiz-season-start-channel-name = κανάλι
cmd-quiz-season-start-channel-description = Πού δημοσιεύεται η τελική κατάταξη (αρχικά: αυτό το κανάλι)
cmd-quiz-season-end-name = λήξη
cmd-quiz-season-end-description = Λήγει τη σεζόν τώρα και δημοσιεύει την τελική κατάταξη
cmd-quiz-schedule-skip-name = παράλειψη
cmd-quiz-schedule-skip-description = Παράλειψη του επόμενου γύρου ενός προγράμματος (συντονιστές)
cmd-quiz-schedule-skip-schedule-name = πρόγραμμα
cmd-quiz-schedule-skip-schedule-description = Το πρόγραμμα του οποίου ο επόμενος γύρος θα παραλειφθεί
# Το $day είναι "daily" ή το αγγλικό όνομα μιας ημέρας· το $time είναι π.χ. 19:00.
schedule-when = { $day ->
        [monday] κάθε Δευτέρα στις { $time }
        [tuesday] κάθε Τρίτη στις { $time }
        [wednesday] κάθε Τετάρτη στις { $time }
        [thursday] κάθε Πέμπτη στις { $time }
        [friday] κάθε Παρασκευή στις { $time }
        [saturday] κάθε Σάββατο στις { $time }
        [sunday] κάθε Κυριακή στις { $time }
       *[daily] κάθε μέρα στις { $time }
    }
schedule-added = Προγραμματίστηκε: **{ $pack }** στο { $channel }, { $when } ({ $zone }). Είναι το πρόγραμμα #{ $id }.
schedule-ends = Τελευταία μέρα: { $day }.
schedule-pings = Κάθε γύρος ειδοποιεί τον ρόλο { $role }.
# Το $times είναι χρονοσφραγίδες του Discord, που το πρόγραμμα κάθε μέλους δείχνει στη δική του ώρα.
schedule-next_rounds = Επόμενοι γύροι: { $times }
schedule-zone_hint = Οι ώρες είναι στη ζώνη ώρας του server, { $zone }· αλλάζει με την εντολή /{ cmd-quiz-name } { cmd-quiz-settings-name } { cmd-quiz-settings-time_zone-name }.
schedule-list_title = Προγραμματισμένοι γύροι
schedule-list_name = #{ $id } · { $pack }
schedule-list_value = { $when } στο { $channel }
schedule-list_ended = Δεν μένουν γύροι: η τελευταία του μέρα πέρασε.
schedule-list_empty = Δεν υπάρχουν ακόμη προγραμματισμένοι γύροι: προσθέστε έναν με την εντολή /{ cmd-quiz-name } { cmd-quiz-schedule-name } { cmd-quiz-schedule-add-name }.
schedule-list_footer = Ώρες της ημέρας στη ζώνη { $zone }· οι ημερομηνίες και οι ώρες παραπάνω εμφανίζονται στη δική ώρα κάθε μέλους.
schedule-skipped = Ο γύρος που ήταν προγραμματισμένος για { $time } (πρόγραμμα #{ $id }) δεν θα ξεκινήσει.
schedule-skipped_then = Ο επόμενος: { $time }.
schedule-nothing_to_skip = Το πρόγραμμα #{ $id } δεν έχει άλλον γύρο για παράλειψη.
schedule-removed = Το πρόγραμμα #{ $id } αφαιρέθηκε: δεν θα ξεκινούν πια γύροι του. Ένας γύρος του που τρέχει συνεχίζει ως το τέλος.
schedule-unknown = Αυτός ο server δεν έχει πρόγραμμα #{ $id }.
schedule-too_many = Αυτός ο server έχει ήδη { $limit ->
        [one] { $limit } πρόγραμμα
       *[other] { $limit } προγράμματα
    }, το όριό του. Αφαιρέστε πρώτα ένα με την εντολή /{ cmd-quiz-name } { cmd-quiz-schedule-name } { cmd-quiz-schedule-remove-name }. Δεν προγραμματίστηκε τίποτα.
schedule-cannot_post = Δεν μπορώ να δημοσιεύσω στο { $channel }: χρειάζομαι εκεί τα δικαιώματα «Προβολή καναλιού» και «Αποστολή μηνυμάτων». Δεν προγραμματίστηκε τίποτα.
schedule-cannot_attach = Δεν μπορώ να δείξω τις εικόνες αυτού του πακέτου στο { $channel }: χρειάζομαι εκεί το δικαίωμα «Επισύναψη αρχείων». Δεν προγραμματίστηκε τίποτα.
schedule-ping_everyone = Το @everyone δεν μπορεί να είναι η ειδοποίηση ενός γύρου: διαλέξτε έναν ρόλο. Δεν προγραμματίστηκε τίποτα.
schedule-problem-bad_day = Διαλέξτε την ημέρα από τη λίστα. Δεν προγραμματίστηκε τίποτα.
schedule-problem-bad_time = Το «{ $time }» δεν είναι ώρα της ημέρας: γράψτε την ως ΩΩ:ΛΛ, π.χ. 19:00. Δεν προγραμματίστηκε τίποτα.
schedule-problem-bad_date = Το «{ $ends }» δεν είναι ημερομηνία: γράψτε την ως ΕΕΕΕ-ΜΜ-ΗΗ, π.χ. 2027-06-30. Δεν προγραμματίστηκε τίποτα.
schedule-problem-ends_before_first = Η τελευταία μέρα, { $ends }, έχει περάσει ή έρχεται πριν από τον πρώτο γύρο (ώρα { $zone }). Δεν προγραμματίστηκε τίποτα.
schedule-note = Ο προγραμματισμένος γύρος σας με το **{ $pack }** στο { $channel } δεν ξεκίνησε:
schedule-note_line = { $time }: { $reason }
schedule-outcome-missed = το bot ήταν εκτός εκείνη την ώρα και επανήλθε αργότερα από { $minutes ->
        [one] { $minutes } λεπτό
       *[other] { $minutes } λεπτά
    } (το περιθώριο του server).
schedule-outcome-busy = στο κανάλι έτρεχε ακόμη άλλος γύρος { $minutes ->
        [one] { $minutes } λεπτό
       *[other] { $minutes } λεπτά
    } μετά την ώρα του.
schedule-outcome-pack_gone = το πακέτο του δεν προσφέρεται πια στον server (αφαιρέθηκε ή απενεργοποιήθηκε).
schedule-outcome-cannot_post = δεν μπορώ πια να δημοσιεύσω στο κανάλι (χρειάζομαι εκεί τα δικαιώματα «Προβολή καναλιού» και «Αποστολή μηνυμάτων», και «Επισύναψη αρχείων» για πακέτο με εικόνες).
schedule-outcome-nothing_to_review = είναι γύρος επανάληψης και κανείς στον server δεν έχει απαντήσει ακόμη στο πακέτο του.
serverpacks-exported = Το πακέτο `{ $id }` σε YAML. Επεξεργαστείτε το σε όποιον επεξεργαστή κειμένου θέλετε και ανεβάστε το εδώ ή σε άλλον server με την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-upload-name }.
serverpacks-exported_pictures = Το πακέτο `{ $id }` σε YAML, με { $count ->
        [one] την εικόνα
       *[other] τις { $count } εικόνες
    } που δείχνουν οι ερωτήσεις του. Επεξεργαστείτε το σε όποιον επεξεργαστή κειμένου θέλετε και ανεβάστε το εδώ ή σε άλλον server με την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-upload-name }, επισυνάπτοντας τις εικόνες στις επιλογές { cmd-quiz-pack-upload-picture1-name } έως { cmd-quiz-pack-upload-picture5-name } (εδώ, όποια εικόνα δεν επισυνάψετε ξανά κρατιέται).
serverpacks-export_left_out = { $count ->
        [one] Μία ακόμη εικόνα δεν χωράει σε αυτό το μήνυμα, που παίρνει έως 10 αρχεία: { $files }. Αν ανεβάσετε το πακέτο εδώ, την κρατά.
       *[other] { $count } ακόμη εικόνες δεν χωρούν σε αυτό το μήνυμα, που παίρνει έως 10 αρχεία: { $files }. Αν ανεβάσετε το πακέτο εδώ, τις κρατά.
    }
upload-preview_title = Προεπισκόπηση: { $title } (`{ $id }`)
upload-preview_read = Διαβάστηκε από το `{ $file }` ως { $format }: { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }, { $options } επιλογές συνολικά. Οι πρώτες φαίνονται παρακάτω.
upload-preview_replaces = Με την επιβεβαίωση αντικαθίσταται το πακέτο `{ $id }` αυτού του server ({ $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }). Οι ερωτήσεις που κρατούν το id τους κρατούν και τις απαντήσεις και τις επαναλήψεις τους.
upload-preview_waits = Δεν αποθηκεύεται τίποτα μέχρι να πατήσετε **Επιβεβαίωση**. Η προεπισκόπηση περιμένει { $minutes } λεπτά.
upload-preview_pictures = Με εικόνα: { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }. Αρχεία εικόνων: συνημμένα σε αυτό το ανέβασμα { $attached }, από την τρέχουσα έκδοση του πακέτου { $kept }.
upload-preview_picture = 🖼️ `{ $file }`: { $alt }
upload-preview_left_out = Παραλείφθηκαν ({ $count }): όσα δεν μπορεί να ρωτήσει το πακέτο
upload-confirm = Επιβεβαίωση
upload-cancel = Ακύρωση
upload-cancelled = Ακυρώθηκε: δεν αποθηκεύτηκε τίποτα.
upload-expired = Αυτή η προεπισκόπηση έληξε (μια προεπισκόπηση περιμένει { $minutes } λεπτά) ή την αντικατέστησε νεότερο ανέβασμα. Δεν αποθηκεύτηκε τίποτα: ανεβάστε ξανά το αρχείο.
upload-format_yaml = πακέτο YAML
upload-format_csv = CSV
upload-format_opentdb = JSON του Open Trivia DB
upload-format_gift = GIFT (Moodle)
upload-format_aiken = Aiken (Moodle)
upload-format_terms = λίστα όρων
schedule-with_event = Τα μέλη που πατούν «Ενδιαφέρομαι» στην εκδήλωσή του στο Discord λαμβάνουν ένα DM πριν από κάθε γύρο.
schedule-no_event = Μου λείπει το δικαίωμα «Δημιουργία εκδηλώσεων», οπότε αυτό το πρόγραμμα δεν έχει εκδήλωση στο Discord· οι γύροι του ξεκινούν κανονικά.
# Το $time είναι χρονοσφραγίδα του Discord που το πρόγραμμα του μέλους δείχνει ως «σε 5 λεπτά».
schedule-interest = Το **{ $pack }** ξεκινά { $time } στο { $channel }: πατήσατε «Ενδιαφέρομαι» στην εκδήλωσή του στο Discord. Για να μη λαμβάνετε άλλα τέτοια μηνύματα, χρησιμοποιήστε την εντολή { $command } με υπενθυμίσεις_εκδηλώσεων: False.

## Γράψιμο ερωτήσεων στο Discord: /κουίζ ερώτηση προσθήκη|επεξεργασία|αφαίρεση και /κουίζ πακέτο νέο (συντονιστές), πάντα ιδιωτικά.
# Ετικέτες (έως 45 χαρακτήρες) και υποδείξεις (έως 100) των πεδίων των φορμών· το $language είναι το όνομα μιας γλώσσας του πακέτου.

cmd-quiz-pack-new-name = νέο
cmd-quiz-pack-new-description = Ξεκινήστε ένα νέο πακέτο για αυτόν τον server σε φόρμα, με την πρώτη του ερώτηση (συντονιστές)
cmd-quiz-pack-new-id-name = αναγνωριστικό
cmd-quiz-pack-new-id-description = Το αναγνωριστικό του πακέτου: a-z, 0-9 και -, έως 40 χαρακτήρες
cmd-quiz-pack-new-title-name = τίτλος
cmd-quiz-pack-new-title-description = Ο τίτλος του πακέτου (στην πρώτη του γλώσσα)
cmd-quiz-pack-new-languages-name = γλώσσες
cmd-quiz-pack-new-languages-description = Οι γλώσσες στις οποίες γράφονται τα κείμενά του (προεπιλογή: του server)
cmd-quiz-pack-new-difficulty-name = δυσκολία
cmd-quiz-pack-new-difficulty-description = Πόσο δύσκολο είναι το πακέτο (προεπιλογή: μέτριο)
cmd-quiz-pack-new-kind-name = είδος
cmd-quiz-pack-new-kind-description = Πώς απαντούν τα μέλη την πρώτη ερώτηση (προεπιλογή: μία σωστή επιλογή)
cmd-quiz-question-name = ερώτηση
cmd-quiz-question-description = Γράψτε τις ερωτήσεις αυτού του server σε φόρμες (συντονιστές)
cmd-quiz-question-add-name = προσθήκη
cmd-quiz-question-add-description = Προσθήκη ερώτησης σε ένα πακέτο αυτού του server, σε φόρμα (συντονιστές)
cmd-quiz-question-add-pack-name = πακέτο
cmd-quiz-question-add-pack-description = Το πακέτο του server στο οποίο θα προστεθεί
cmd-quiz-question-add-kind-name = είδος
cmd-quiz-question-add-kind-description = Πώς την απαντούν τα μέλη (προεπιλογή: μία σωστή επιλογή)
cmd-quiz-question-edit-name = επεξεργασία
cmd-quiz-question-edit-description = Αλλαγή μιας ερώτησης ενός πακέτου αυτού του server, σε φόρμα (συντονιστές)
cmd-quiz-question-edit-pack-name = πακέτο
cmd-quiz-question-edit-pack-description = Το πακέτο του server όπου βρίσκεται η ερώτηση
cmd-quiz-question-edit-question-name = ερώτηση
cmd-quiz-question-edit-question-description = Η ερώτηση που θα αλλάξει
cmd-quiz-question-remove-name = αφαίρεση
cmd-quiz-question-remove-description = Αφαίρεση μιας ερώτησης από ένα πακέτο αυτού του server (συντονιστές)
cmd-quiz-question-remove-pack-name = πακέτο
cmd-quiz-question-remove-pack-description = Το πακέτο του server όπου βρίσκεται η ερώτηση
cmd-quiz-question-remove-question-name = ερώτηση
cmd-quiz-question-remove-question-description = Η ερώτηση που θα αφαιρεθεί
cmd-quiz-question-suggest-name = πρόταση
cmd-quiz-question-suggest-description = Προτείνετε μια ερώτηση για ένα πακέτο του server· αποφασίζουν οι συντονιστές
cmd-quiz-question-suggest-pack-name = πακέτο
cmd-quiz-question-suggest-pack-description = Το πακέτο του server για το οποίο την προτείνετε
cmd-quiz-question-suggest-kind-name = είδος
cmd-quiz-question-suggest-kind-description = Πώς την απαντούν τα μέλη (προεπιλογή: μία σωστή επιλογή)
cmd-quiz-question-queue-name = ουρά
cmd-quiz-question-queue-description = Οι ερωτήσεις που πρότειναν τα μέλη και περιμένουν απόφαση (συντονιστές)
forms-title_pack = Νέο πακέτο
forms-title_texts = Ερώτηση στα { $language } ({ $step } από { $steps })
forms-title_whys = Γιατί είναι λάθος οι άλλες ({ $language })
forms-title_picture = Εικόνα για την ερώτηση
forms-field_title = Τίτλος ({ $language })
forms-field_title_hint = Το όνομα του πακέτου, όπως το δείχνει η εντολή /{ cmd-quiz-name } { cmd-quiz-packs-name }
forms-field_summary = Περίληψη ({ $language })
forms-field_summary_hint = Με τι ασχολείται το πακέτο, σε μία ή δύο προτάσεις
forms-field_prompt = Ερώτηση ({ $language })
forms-field_prompt_hint = Τι ρωτούνται τα μέλη
forms-field_options = Επιλογές ({ $language })
forms-field_options_hint = Μία επιλογή ανά γραμμή, 2 έως 5 γραμμές· εμφανίζονται ως A, B, C…
forms-field_correct = Η σωστή επιλογή
forms-field_correct_hint = Ποια γραμμή των επιλογών είναι η σωστή
forms-field_explanation = Εξήγηση ({ $language })
forms-field_explanation_hint = Γιατί η σωστή επιλογή είναι σωστή· εμφανίζεται όταν αποκαλύπτεται η απάντηση
forms-field_why = Γιατί όχι η { $letter }: { $option }
forms-field_why_hint = Προαιρετικό: εμφανίζεται ιδιωτικά σε όποιον τη διαλέξει
forms-field_picture = Εικόνα
forms-field_picture_hint = PNG, JPEG, WebP ή GIF, έως { $limit } MiB· εμφανίζεται κάτω από την ερώτηση
forms-field_picture_kept = Τώρα { $file }. Ανεβάστε άλλη για αλλαγή· αδειάστε τις περιγραφές για αφαίρεση.
forms-field_picture_alt = Περιγραφή εικόνας ({ $language })
forms-field_picture_alt_hint = Τι δείχνει η εικόνα, για όσα μέλη δεν μπορούν να τη δουν
forms-field_all_right = Οι σωστές επιλογές
forms-field_all_right_hint = Σημειώστε κάθε σωστή επιλογή: τουλάχιστον δύο, όχι όλες
forms-field_answers = Δεκτές απαντήσεις ({ $language })
forms-field_answers_hint = Μία ανά γραμμή, έως { $max }· όποιο μέλος γράψει κάποια από αυτές απαντά σωστά
forms-field_match = Πώς συγκρίνονται οι απαντήσεις
forms-field_match_hint = Η κανονική ταιριάζει στις περισσότερες ερωτήσεις
forms-match_exact = Ακριβής
forms-match_exact_hint = Όπως είναι γραμμένη, εκτός από τα κενά γύρω της
forms-match_normal = Κανονική
forms-match_normal_hint = Χωρίς διάκριση πεζών και κεφαλαίων, τόνων και σημείων στίξης γύρω της
forms-match_typo = Με περιθώριο για λάθος
forms-match_typo_hint = Όπως η κανονική, και συγχωρεί ένα γλίστρημα του πληκτρολογίου σε απαντήσεις 5 γραμμάτων και πάνω
forms-field_answer = Η απάντηση (αριθμός)
forms-field_answer_hint = Όπως τη γράφουν τα μέλη: 3,5 ή 3.5, −12, 12 500
forms-field_tolerance = Ανοχή
forms-field_tolerance_hint = Προαιρετικό: πόσο μπορεί να απέχει μια απάντηση και να μετρά σωστή (προεπιλογή: 0)
forms-field_unit = Μονάδα ({ $language })
forms-field_unit_hint = Προαιρετικό: εμφανίζεται με την απάντηση (χλμ, έτη)· τα μέλη μπορούν να τη γράψουν μετά τον αριθμό
forms-line = Γραμμή { $number }
forms-step_pack = Στοιχεία πακέτου
forms-step_texts = Κείμενα: { $language }
forms-step_whys = Τα «γιατί» ({ $language })
forms-step_picture = Εικόνα
forms-continue = Συνέχεια
forms-fix = Διόρθωση και υποβολή
forms-save = Αποθήκευση
forms-remove = Αφαίρεση της ερώτησης
forms-cancel = Ακύρωση
forms-heading_add = **Νέα ερώτηση** για το πακέτο `{ $pack }`
forms-heading_edit = **Αλλαγή ερώτησης** του πακέτου `{ $pack }`
forms-heading_new = **Νέο πακέτο** `{ $pack }` και η πρώτη του ερώτηση
forms-heading_remove = **Αφαίρεση ερώτησης** από το πακέτο `{ $pack }`
forms-step_kept = Ό,τι γράψατε κρατήθηκε.
forms-next = Επόμενο: { $step }.
forms-ready = Έτσι θα διαβάζεται. Αποθηκεύστε την ή επιστρέψτε σε όποιο μέρος θέλετε· η εικόνα και τα «γιατί» για τις λάθος επιλογές είναι προαιρετικά.
forms-ready_recall = Έτσι θα διαβάζεται. Αποθηκεύστε την ή επιστρέψτε σε όποιο μέρος θέλετε· η εικόνα είναι προαιρετική.
forms-problems = { $count ->
        [one] { $count } πράγμα θέλει διόρθωση· ό,τι γράψατε κρατήθηκε:
       *[other] { $count } πράγματα θέλουν διόρθωση· ό,τι γράψατε κρατήθηκε:
    }
forms-problem_required = είναι κενό· χρειάζεται.
forms-problem_too_long = έχει { $length } χαρακτήρες· το όριο είναι { $limit }.
forms-problem_refused_character = περιέχει τον χαρακτήρα { $character }, που δεν επιτρέπεται σε κείμενο (tab ή χαρακτήρας ελέγχου)· αφαιρέστε τον.
forms-problem_option_count = έχει { $count ->
        [one] { $count } γραμμή
       *[other] { $count } γραμμές
    }· μια ερώτηση έχει από { $min } έως { $max } επιλογές, μία ανά γραμμή.
forms-problem_options_differ = έχει { $count ->
        [one] { $count } επιλογή
       *[other] { $count } επιλογές
    }, ενώ τα { $language } έχουν { $first }· δώστε κάθε επιλογή σε κάθε γλώσσα, με την ίδια σειρά.
forms-problem_correct_beyond = είναι η { $letter }, αλλά { $count ->
        [one] υπάρχει { $count } επιλογή
       *[other] υπάρχουν { $count } επιλογές
    }.
forms-problem_why_missing = δόθηκε σε άλλη γλώσσα αλλά όχι σε αυτήν· δώστε το σε κάθε γλώσσα ή σε καμία.
forms-problem_picture_missing = δεν ανέβηκε εικόνα για αυτές τις περιγραφές· ανεβάστε μία ή αδειάστε τις περιγραφές.
forms-problem_picture_too_big = είναι { $size } MiB· μια εικόνα είναι το πολύ { $limit } MiB.
forms-problem_not_a_picture = δεν είναι εικόνα PNG, JPEG, WebP ή GIF (με βάση τα byte της).
forms-problem_too_few_right = σημειώνει μόνο μία επιλογή· σημειώστε τουλάχιστον δύο (μια ερώτηση με μία σωστή επιλογή είναι απλή επιλογή).
forms-problem_all_right = σημειώνει όλες τις επιλογές· τουλάχιστον μία πρέπει να είναι λάθος.
forms-problem_answer_count = έχει { $count ->
        [one] { $count } απάντηση
       *[other] { $count } απαντήσεις
    }· δώστε από 1 έως { $max }, μία ανά γραμμή.
forms-problem_only_punctuation = περιέχει το «{ $answer }», που είναι μόνο σημεία στίξης και δεν συγκρίνεται· γράψτε το με γράμματα ή ψηφία.
forms-problem_not_a_number = το «{ $text }» δεν είναι αριθμός όπως 3,5 ή 3.5.
forms-problem_negative = είναι κάτω από το μηδέν· η ανοχή είναι 0 ή περισσότερο.
forms-problem_unit_missing = δόθηκε σε άλλη γλώσσα αλλά όχι σε αυτήν· δώστε τη μονάδα σε κάθε γλώσσα ή σε καμία.
forms-preview_title = Προεπισκόπηση
forms-preview_pack = Πακέτο **{ $title }** (`{ $id }`)
forms-preview_whys = Τα «γιατί»: { $given } από { $wrong } λάθος επιλογές
forms-preview_picture = Εικόνα: { $file } ({ $alt })
forms-preview_all = Όλες όσες ισχύουν: τα μέλη σημειώνουν κάθε σωστή επιλογή.
forms-preview_typed = Γραπτή απάντηση, { $match ->
        [exact] ακριβώς όπως είναι γραμμένη
        [typo] με περιθώριο για ένα γλίστρημα του πληκτρολογίου
       *[normal] χωρίς διάκριση πεζών και κεφαλαίων, τόνων και σημείων στίξης
    }.
forms-preview_number = Αριθμός: τα μέλη τον γράφουν.
forms-preview_accepted = ✅ { $answers }
forms-loader_problems = Το πακέτο δεν αποθηκεύτηκε: { $count ->
        [one] { $count } πρόβλημα
       *[other] { $count } προβλήματα
    }, όπως θα τα έλεγε το quizbot validate.
forms-saved_add = Αποθηκεύτηκε στο πακέτο **{ $title }** (`{ $pack }`), που έχει πλέον { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }. Οι γύροι που τρέχουν κρατούν τις ερωτήσεις με τις οποίες ξεκίνησαν.
forms-saved_edit = Αποθηκεύτηκε: η ερώτηση του πακέτου **{ $title }** (`{ $pack }`) άλλαξε και κρατά τις απαντήσεις και τις επαναλήψεις της. Οι γύροι που τρέχουν κρατούν την έκδοση με την οποία ξεκίνησαν.
forms-saved_new = Το πακέτο **{ $title }** (`{ $pack }`) αποθηκεύτηκε για αυτόν τον server με την πρώτη του ερώτηση. Ξεκινήστε το με την εντολή /{ cmd-quiz-name } { cmd-quiz-start-name } ή προσθέστε κι άλλες με την εντολή /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-add-name }.
forms-saved_remove = Αφαιρέθηκε. Το πακέτο **{ $title }** (`{ $pack }`) έχει πλέον { $questions ->
        [one] { $questions } ερώτηση
       *[other] { $questions } ερωτήσεις
    }· οι απαντήσεις της ερώτησης που αφαιρέθηκε μένουν στο ιστορικό.
forms-remove_confirm = Να αφαιρεθεί αυτή η ερώτηση από το πακέτο `{ $pack }`;
    > { $prompt }
forms-cancelled = Ακυρώθηκε. Δεν αποθηκεύτηκε τίποτα.
forms-gone = Αυτή η φόρμα δεν είναι πια ανοιχτή (λήγει μία ώρα μετά την τελευταία της αλλαγή ή την αντικατέστησε μια νεότερη φόρμα σας). Δεν αποθηκεύτηκε τίποτα· εκτελέστε ξανά την εντολή.
forms-busy = Το πακέτο άλλαζε συνεχώς όσο γινόταν η αποθήκευση (δουλεύουν κι άλλοι συντονιστές). Δεν αποθηκεύτηκε τίποτα· πατήστε ξανά Αποθήκευση.
forms-pack_taken = Στο μεταξύ αποθηκεύτηκε σε αυτόν τον server ένα πακέτο `{ $pack }`. Δεν αποθηκεύτηκε τίποτα· διαλέξτε άλλο αναγνωριστικό με την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-new-name }.
forms-pack_gone = Το πακέτο `{ $pack }` δεν είναι πια αποθηκευμένο σε αυτόν τον server. Δεν αποθηκεύτηκε τίποτα.
forms-locales_changed = Στο μεταξύ το πακέτο `{ $pack }` ανέβηκε ξανά σε άλλες γλώσσες. Δεν αποθηκεύτηκε τίποτα· ανοίξτε ξανά τη φόρμα.
forms-question_gone = Αυτή η ερώτηση δεν υπάρχει πια στο πακέτο `{ $pack }`. Δεν αποθηκεύτηκε τίποτα.
forms-last_question = Ένα πακέτο κρατά τουλάχιστον μία ερώτηση. Για να αφαιρέσετε το ίδιο το πακέτο `{ $pack }`, χρησιμοποιήστε την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-remove-name }.
forms-too_many_questions = Το πακέτο `{ $pack }` έχει ήδη { $limit ->
        [one] { $limit } ερώτηση
       *[other] { $limit } ερωτήσεις
    }, το μέγιστο για ένα πακέτο. Δεν αποθηκεύτηκε τίποτα.
forms-bad_id = Το «{ $id }» δεν είναι αναγνωριστικό πακέτου: χρησιμοποιήστε 1 έως 40 χαρακτήρες από a-z, 0-9 και -.
forms-pack_exists = Αυτός ο server έχει ήδη πακέτο `{ $id }`: προσθέστε του ερωτήσεις με την εντολή /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-add-name } ή διαλέξτε άλλο αναγνωριστικό.
forms-builtin = Το `{ $id }` είναι ενσωματωμένο πακέτο και δεν αλλάζει από εδώ. Ξεκινήστε το δικό σας με την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-new-name }.
forms-not_own = Αυτός ο server δεν έχει πακέτο `{ $id }`. Ξεκινήστε ένα με την εντολή /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-new-name }.
forms-no_question = Το πακέτο `{ $pack }` δεν έχει ερώτηση `{ $id }`· διαλέξτε μία από τις προτάσεις.

# Suggested questions (bot/app/authoring/suggestion_*.py)
forms-heading_suggest = **Πρόταση ερώτησης** για το πακέτο `{ $pack }`: οι συντονιστές αποφασίζουν αν θα μπει
forms-heading_approve = **Επεξεργασία προτεινόμενης ερώτησης** για το πακέτο `{ $pack }`: η αποθήκευση την εγκρίνει όπως την αφήσετε
forms-send_suggestion = Αποστολή στους συντονιστές
forms-approve = Έγκριση
suggest-edit = Επεξεργασία
suggest-reject = Απόρριψη
suggest-next = Επόμενη
suggest-closed = Αυτός ο server δεν δέχεται προτεινόμενες ερωτήσεις.
suggest-too_many = Έχετε προτείνει { $limit ->
        [one] { $limit } ερώτηση
       *[other] { $limit } ερωτήσεις
    } σε αυτόν τον server το τελευταίο εικοσιτετράωρο, όσες επιτρέπονται. Δοκιμάστε ξανά αύριο.
suggest-queue_full = Οι συντονιστές έχουν ήδη πολλές προτάσεις σε αναμονή. Δοκιμάστε ξανά όταν αποφασίσουν για μερικές.
suggest-builtin = Το `{ $id }` είναι ενσωματωμένο πακέτο· οι προτάσεις είναι για τα δικά πακέτα του server.
suggest-not_own = Ο server δεν έχει δικό του πακέτο `{ $id }`· διαλέξτε ένα από τις προτάσεις.
suggest-sent = Στάλθηκε: οι συντονιστές θα αποφασίσουν αν η ερώτησή σας θα μπει στο πακέτο `{ $pack }`, και θα λάβετε μήνυμα όταν αποφασίσουν. { $left ->
        [0] Ήταν η τελευταία σας πρόταση για σήμερα.
        [one] Μπορείτε να προτείνετε ακόμη { $left } σήμερα.
       *[other] Μπορείτε να προτείνετε ακόμη { $left } σήμερα.
    }
suggest-card_title = Πρόταση { $number } για το πακέτο `{ $pack }`
suggest-card_by = Πρότεινε: { $author } { $when }
suggest-card_new = Ένα μέλος πρότεινε μια ερώτηση:
suggest-card_decided = Ένα μέλος πρότεινε μια ερώτηση, για την οποία αποφασίστηκε:
suggest-approved_by = ✅ Εγκρίθηκε από { $moderator } ως ερώτηση `{ $question }`
suggest-approved_edited = ✅ Εγκρίθηκε από { $moderator }, με αλλαγές, ως ερώτηση `{ $question }`
suggest-rejected_by = ❌ Απορρίφθηκε από { $moderator }: { $reason }
suggest-no_reason = χωρίς αιτιολογία
suggest-being_decided = { $moderator } εγκρίνει αυτήν την πρόταση αυτή τη στιγμή.
suggest-queue_count = { $count ->
        [0] Καμία πρόταση δεν περιμένει.
        [one] { $count } πρόταση περιμένει:
       *[other] { $count } προτάσεις περιμένουν, πρώτα η παλαιότερη:
    }
suggest-done_approved = Εγκρίθηκε: η ερώτηση μπαίνει στο πακέτο ως `{ $question }`, και ενημερώνεται ο συντάκτης της.
suggest-done_rejected = Απορρίφθηκε· ενημερώνεται ο συντάκτης της.
suggest-not_approved = Δεν εγκρίθηκε· η πρόταση περιμένει ακόμη.
suggest-reject_title = Απόρριψη της πρότασης { $number }
suggest-reject_reason = Γιατί (προαιρετικά· το διαβάζει ο συντάκτης)
suggest-reason_refused = Η αιτιολογία περιέχει { $character }, χαρακτήρα που δεν επιτρέπεται σε κείμενο. Δεν άλλαξε τίποτα.
suggest-gone = Αυτή η πρόταση δεν υπάρχει πια. Δεν αποθηκεύτηκε τίποτα.
suggest-dm_approved = Η ερώτησή σας «{ $prompt }» για το πακέτο `{ $pack }` στο { $server } εγκρίθηκε: είναι πλέον στο πακέτο. Ευχαριστούμε!
suggest-dm_approved_edited = Η ερώτησή σας «{ $prompt }» για το πακέτο `{ $pack }` στο { $server } εγκρίθηκε, με μερικές αλλαγές των συντονιστών: είναι πλέον στο πακέτο. Ευχαριστούμε!
suggest-dm_rejected = Η ερώτησή σας «{ $prompt }» για το πακέτο `{ $pack }` στο { $server } δεν έγινε δεκτή: { $reason }
settings-suggestions = Προτεινόμενες ερωτήσεις
settings-suggestions_open = Τα μέλη μπορούν να προτείνουν ερωτήσεις· οι συντονιστές τις βλέπουν στο { $channel }
settings-suggestions_off = Τα μέλη δεν μπορούν να προτείνουν ερωτήσεις (οι συντονιστές βλέπουν τις παλαιότερες στο { $channel })
settings-suggestions_queue = /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-queue-name }
settings-suggestions_unreachable = Δεν μπορώ να γράψω στο { $channel } (χρειάζομαι εκεί τα δικαιώματα «Προβολή καναλιού», «Αποστολή μηνυμάτων» και «Ενσωμάτωση συνδέσμων»), οπότε οι προτάσεις φαίνονται μόνο στο /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-queue-name } ώσπου να μπορώ.
settings-suggestions_both = Επιλέξτε κανάλι προτάσεων ή καθαρίστε το, όχι και τα δύο. Δεν άλλαξε τίποτα.

# Seasons (bot/app/seasons/)
leaderboard-season = Σεζόν «{ $name }»
season-cannot_post = Δεν μπορώ να δημοσιεύσω την τελική κατάταξη στο { $channel }: χρειάζομαι εκεί τα δικαιώματα «Προβολή καναλιού», «Αποστολή μηνυμάτων» και «Ενσωμάτωση συνδέσμων». Διαλέξτε ένα κανάλι όπου μπορώ.
season-name_empty = Μια σεζόν χρειάζεται όνομα.
season-name_refused = Το «{ $name }» δεν μπορεί να είναι όνομα σεζόν: έως 50 χαρακτήρες, χωρίς χαρακτήρες ελέγχου.
season-bad_day = Το «{ $ends }» δεν είναι ημερομηνία· γράψτε την τελευταία μέρα ως ΕΕΕΕ-ΜΜ-ΗΗ, π.χ. 2027-06-30.
season-ends_past = Η { $ends } έχει ήδη περάσει στη ζώνη ώρας του server· διαλέξτε μια μέρα που δεν έχει τελειώσει.
season-running = Μια σεζόν τρέχει ήδη σε αυτόν τον server· λήξτε την πρώτα.
season-name_taken = Υπάρχει ήδη σεζόν «{ $name }» σε αυτόν τον server· διαλέξτε άλλο όνομα.
season-started = Η σεζόν **{ $name }** ξεκίνησε: κάθε απάντηση μετρά και στον πίνακά της ώσπου να τη λήξετε με { $end }. Η τελική κατάταξη θα δημοσιευτεί στο { $channel }.
season-started_until = Η σεζόν **{ $name }** ξεκίνησε και λήγει { $until }: κάθε απάντηση ως τότε μετρά και στον πίνακά της. Η τελική κατάταξη θα δημοσιευτεί στο { $channel }.
season-none_running = Καμία σεζόν δεν τρέχει σε αυτόν τον server.
season-ended = Η σεζόν **{ $name }** έληξε· η τελική κατάταξη δημοσιεύεται στο { $channel }.
season-unknown = Ο server δεν έχει σεζόν «{ $name }»· διαλέξτε μία από τις προτάσεις.
season-final = Η σεζόν **{ $name }** έληξε. Η τελική κατάταξη:
stats-season = Σεζόν «{ $name }»
stats-season_place = Θέση { $place } · { $points ->
        [one] { $points } σωστή
       *[other] { $points } σωστές
    }
stats-season_none = { $whose ->
        [self] Δεν είστε ακόμη στον πίνακά της: απαντήστε σε έναν γύρο
       *[other] Δεν είναι ακόμη στον πίνακά της
    }

# Reward roles (bot/app/rewards/)
choice-reward_all = Πόντοι όλων των εποχών
choice-reward_season = Πόντοι της τρέχουσας σεζόν
rewards-needs_both = Μια επιβράβευση χρειάζεται ρόλο και πόντους: δώστε μαζί ρόλο_επιβράβευσης και πόντοι_επιβράβευσης. Δεν άλλαξε τίποτα.
rewards-not_giveable = Ο { $role } δεν μπορεί να είναι επιβράβευση: το @everyone και οι ρόλοι των bot και των ενσωματώσεων δεν δίνονται. Δεν άλλαξε τίποτα.
rewards-no_manage_roles = Δεν μπορώ να δώσω τον { $role }: χρειάζομαι το δικαίωμα «Διαχείριση ρόλων». Δεν άλλαξε τίποτα.
rewards-above_me = Δεν μπορώ να δώσω τον { $role }: δεν είναι κάτω από τον υψηλότερο ρόλο μου, { $mine }. Σύρετε τον ρόλο μου πάνω από αυτόν («Ρυθμίσεις διακομιστή» → «Ρόλοι») και δοκιμάστε ξανά. Δεν άλλαξε τίποτα.
rewards-too_many = Ο server έχει { $limit } ρόλους επιβράβευσης, όσους επιτρέπονται· καθαρίστε πρώτα έναν. Δεν άλλαξε τίποτα.
rewards-earned = Κερδίσατε τον ρόλο { $role } στο { $server }: { $points ->
        [one] { $points } πόντος
       *[other] { $points } πόντοι
    } συνολικά. Μπράβο!
rewards-earned_season = Κερδίσατε τον ρόλο { $role } στο { $server }: { $points ->
        [one] { $points } πόντος
       *[other] { $points } πόντοι
    } αυτή τη σεζόν. Μπράβο!
settings-rewards = Ρόλοι επιβράβευσης
settings-no_rewards = κανένας
settings-reward_all = { $role } με { $points ->
        [one] { $points } πόντο
       *[other] { $points } πόντους
    } (όλων των εποχών)
settings-reward_season = { $role } με { $points ->
        [one] { $points } πόντο
       *[other] { $points } πόντους
    } σε μια σεζόν

## Team rounds (`/quiz start teams:`)
teams-too_long = Αυτό είναι πολύ μεγάλο για λίστα ομάδων: γράψτε 2 έως 6 ρόλους, ή auto.
teams-not_a_role = Το «{ $part }» δεν είναι ρόλος: γράψτε 2 έως 6 ρόλους με αναφορά (@Κόκκινοι) ή id, ή auto.
teams-repeated = Ένας ρόλος γράφτηκε δύο φορές· γράψτε κάθε ρόλο ομάδας μία φορά.
teams-count = Ένας γύρος ομάδων έχει 2 έως 6 ομάδες: γράψτε 2 έως 6 ρόλους, ή auto.
teams-auto_count = Γράψτε auto για 2 ομάδες, ή auto και έναν αριθμό από 2 έως 6, π.χ. auto 3.
teams-everyone = Το @everyone δεν μπορεί να είναι ομάδα: θα έπαιζαν όλοι σε αυτήν.
teams-unknown_role = Αυτός ο server δεν έχει ρόλο { $part }.
teams-managed_role = Τον { $part } τον διαχειρίζεται το Discord ή μια εφαρμογή (ρόλος bot ή booster): δεν δίνεται σε κανέναν, άρα δεν μπορεί να είναι ομάδα.
teams-start = **Γύρος ομάδων**: { $teams }. Κάθε μέλος παίζει για τον πρώτο από αυτούς τους ρόλους που έχει.
teams-start_auto = **Γύρος ομάδων**: { $count } ομάδες, που σχηματίζονται καθώς τα μέλη απαντούν πρώτη φορά (το καθένα μπαίνει στην ομάδα με τα λιγότερα μέλη).
teams-auto_name = Ομάδα { $number }
teams-playing_for = Παίζετε για την ομάδα { $team }.
teams-playing_alone = Δεν έχετε κανέναν από τους ρόλους ομάδων αυτού του γύρου: οι πόντοι σας μετρούν μόνο για εσάς.
teams-shares = Ομάδες
teams-share = { $team } { $right }/{ $answered } σωστά
teams-standings = Ομάδες
teams-standings_line = **{ $rank }.** { $team }: { NUMBER($per_member, maximumFractionDigits: 2) } ανά μέλος ({ $points ->
    [one] { $points } σωστή
   *[other] { $points } σωστές
}, { $members ->
    [one] { $members } μέλος έπαιξε
   *[other] { $members } μέλη έπαιξαν
})
teams-nobody_played = Κανείς δεν έπαιξε για κάποια ομάδα.
teams-rule = Οι ομάδες κατατάσσονται με τους πόντους ανά μέλος που έπαιξε: οι σωστές απαντήσεις των μελών μιας ομάδας διά το πόσα από αυτά απάντησαν. Τα μέλη χωρίς ομάδα κατατάσσονται μόνο ως άτομα.

# Τι κάνει το bot για λογαριασμό ποιου (bot/quiz/authority.py). $role: η αναφορά ενός ρόλου (όνομα
# σε DM)· $permissions: τα δικαιώματα του ρόλου όπως τα λένε οι ρυθμίσεις ρόλων του Discord.
authority-reward_elevated = Ο { $role } δεν μπορεί να είναι επιβράβευση: έχει { $permissions }, και μια επιβράβευση δεν δίνει τίποτα πέρα από όσα μπορεί κάθε μέλος, όποιος κι αν την ορίζει.
authority-setter_gone = Όποιος επέλεξε τον { $role } δεν είναι πια μέλος εδώ, ή τον επέλεξε πριν το bot ελέγχει ποιος μπορεί: πρέπει να επιλεγεί ξανά.
authority-reward_no_manage_roles = Δεν μπορείτε να δώσετε τον { $role } στο Discord οι ίδιοι (χρειάζεται το δικαίωμα «Διαχείριση ρόλων»), οπότε δεν θα τον δώσει ούτε το bot για εσάς.
authority-reward_above_setter = Δεν μπορείτε να δώσετε τον { $role } στο Discord οι ίδιοι: δεν είναι κάτω από τον υψηλότερο ρόλο σας, οπότε δεν θα τον δώσει ούτε το bot για εσάς.
authority-ping_not_mentionable = Ο { $role } δεν επιτρέπει αναφορές, και δεν μπορείτε να τον ειδοποιήσετε στο Discord οι ίδιοι (χρειάζεται το δικαίωμα «Αναφορά σε @everyone, @here και όλους τους ρόλους»), οπότε δεν θα τον ειδοποιήσει ούτε το bot για εσάς. Ενεργοποιήστε το «Να επιτρέπεται σε όλους να κάνουν @αναφορά σε αυτόν τον ρόλο» («Ρυθμίσεις διακομιστή» → «Ρόλοι»), ή ας τον επιλέξει κάποιος με αυτό το δικαίωμα.
authority-refused = { $why } Δεν άλλαξε τίποτα.
authority-withheld_reward = Στο { $server } δεν έδωσα τον ρόλο επιβράβευσης { $role }: { $why } Τα μέλη κρατούν τους πόντους τους· μόλις κάποιος που μπορεί ορίσει ξανά την επιβράβευση με το { $command }, όσοι την έχουν φτάσει παίρνουν τον ρόλο.
authority-withheld_ping = Στο { $server } ένας γύρος ξεκίνησε χωρίς ειδοποίηση του { $role }: { $why } Επιλέξτε ξανά την ειδοποίηση με το { $command }.
permission-kick_members = το δικαίωμα «Αποβολή μελών»
permission-ban_members = το δικαίωμα «Αποκλεισμός μελών»
permission-administrator = το δικαίωμα «Διαχειριστής»
permission-manage_channels = το δικαίωμα «Διαχείριση καναλιών»
permission-manage_guild = το δικαίωμα «Διαχείριση διακομιστή»
permission-view_audit_log = το δικαίωμα «Προβολή αρχείου ελέγχου»
permission-priority_speaker = το δικαίωμα «Ομιλητής προτεραιότητας»
permission-manage_messages = το δικαίωμα «Διαχείριση μηνυμάτων»
permission-mention_everyone = το δικαίωμα «Αναφορά σε @everyone, @here και όλους τους ρόλους»
permission-view_guild_insights = το δικαίωμα «Προβολή στατιστικών διακομιστή»
permission-mute_members = το δικαίωμα «Σίγαση μελών»
permission-deafen_members = το δικαίωμα «Κώφωση μελών»
permission-move_members = το δικαίωμα «Μετακίνηση μελών»
permission-manage_nicknames = το δικαίωμα «Διαχείριση ψευδωνύμων»
permission-manage_roles = το δικαίωμα «Διαχείριση ρόλων»
permission-manage_webhooks = το δικαίωμα «Διαχείριση webhook»
permission-manage_expressions = το δικαίωμα «Διαχείριση εκφράσεων»
permission-manage_events = το δικαίωμα «Διαχείριση εκδηλώσεων»
permission-manage_threads = το δικαίωμα «Διαχείριση νημάτων»
permission-moderate_members = το δικαίωμα «Αποβολή μελών για ορισμένο χρόνο»
permission-view_creator_monetization_analytics = το δικαίωμα «Προβολή στατιστικών συνδρομών διακομιστή»
permission-create_expressions = το δικαίωμα «Δημιουργία εκφράσεων»
permission-create_events = το δικαίωμα «Δημιουργία εκδηλώσεων»
permission-pin_messages = το δικαίωμα «Καρφίτσωμα μηνυμάτων»
permission-bypass_slowmode = το δικαίωμα «Παράκαμψη αργής λειτουργίας»
permission-unknown = ένα δικαίωμα που το bot δεν γνωρίζει ακόμη

# heavy commands (issue 37)
heavy-too_often = Αυτός ο server μπορεί να εκτελέσει τις /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-export-name } και /{ cmd-quiz-name } { cmd-quiz-analytics-name } έως { $limit ->
        [one] { $limit } φορά
       *[other] { $limit } φορές
    } σε { $window ->
        [one] { $window } δευτερόλεπτο
       *[other] { $window } δευτερόλεπτα
    }, και τις δύο μαζί. Δοκιμάστε ξανά σε { $seconds ->
        [one] { $seconds } δευτερόλεπτο
       *[other] { $seconds } δευτερόλεπτα
    }.
analytics-newest_only = { $count ->
        [one] Διαβάστηκε μόνο η πιο πρόσφατη απάντηση
       *[other] Διαβάστηκαν μόνο οι { $count } πιο πρόσφατες απαντήσεις
    }· οι παλαιότερες δεν μετρήθηκαν.

# forged options (issue 37)
forged-channel = Η επιλογή «{ $option }» δείχνει κανάλι άλλου server ή κανάλι που δεν βλέπετε. Διαλέξτε ένα κανάλι αυτού του server που βλέπετε.
forged-role = Η επιλογή «{ $option }» δείχνει ρόλο άλλου server. Διαλέξτε έναν ρόλο αυτού του server.
forged-member = Η επιλογή «{ $option }» δείχνει κάποιον που αυτή η εντολή δεν δέχεται εδώ. Διαλέξτε ένα μέλος αυτού του server.

## Απάντηση από μνήμης: το κουμπί απάντησης, το παράθυρό του και τι δείχνει η αποκάλυψη.
answer-typed_button = Γράψτε την απάντησή σας
answer-number_button = Γράψτε έναν αριθμό
answer-several_button = Επιλέξτε τις απαντήσεις σας
answer-typed_invite = Γράψτε την απάντησή σας με το κουμπί παρακάτω.
answer-number_invite = Γράψτε έναν αριθμό με το κουμπί παρακάτω.
answer-several_invite = Επιλέξτε με το κουμπί παρακάτω όσες επιλογές ισχύουν: η απάντηση είναι σωστή μόνο αν επιλέξετε ακριβώς τις σωστές.
answer-field = Η απάντησή σας
answer-field_unit = Η απάντησή σας, σε { $unit }
answer-several_field = Όσες επιλογές ισχύουν
answer-hint_exact = Γράψτε την ακριβώς όπως γράφεται.
answer-hint_normal = Κεφαλαία, τόνοι και σημεία στίξης γύρω της δεν μετρούν.
answer-hint_typo = Κεφαλαία και τόνοι δεν μετρούν, και ένα μικρό τυπογραφικό λάθος συγχωρείται.
answer-hint_number = Ένας αριθμός, όπως 3,5 ή 3.5.
answer-hint_several = Σωστό μόνο αν επιλέξετε ακριβώς τις σωστές.
answer-not_a_number = Το { $given } δεν είναι αριθμός, οπότε δεν καταχωρίστηκε τίποτα: απαντήστε ξανά με έναν αριθμό, όπως 3,5.
answer-empty = Η απάντησή σας ήταν κενή, οπότε δεν καταχωρίστηκε τίποτα.
answer-accepted = Αποδεκτές απαντήσεις: { $answers }
answer-the_number = Η απάντηση: { $answer }
answer-within = (με περιθώριο { $tolerance })
answer-right_share = Σωστές απαντήσεις: { $right } από { $answered }
answer-common_wrong = Συχνές λάθος απαντήσεις: { $answers }
answer-picked = Επιλέξατε { $letters }.
answer-why_right = Απαντήσατε { $given }: σωστά.
answer-why_typo = Απαντήσατε { $given }: σωστά, με ένα τυπογραφικό λάθος που συγχωρήθηκε ({ $accepted }).
answer-why_wrong = Απαντήσατε { $given }. Αποδεκτές απαντήσεις: { $accepted }.
answer-why_picked_right = Επιλέξατε { $letters }: ακριβώς τις σωστές.
answer-why_picked_wrong = Επιλέξατε { $letters }· οι σωστές είναι { $correct }.
answer-nothing = τίποτα
