### quizbot's interface strings in English: the fallback catalogue (Project Fluent syntax).
### The code asks for a message by dotted key: `round.locked_in` is the message `round-locked_in`.
### Variables ({ $name }) are filled in by the bot; a count chooses its plural form with a select
### ({ $count -> [one] ... *[other] ... }). docs/i18n.md explains how to add and translate a string.
### Discord's own names (its permissions and settings) are quoted exactly, in “”, as el.ftl quotes
### Discord's Greek names in «»: the permission “Manage Server”.

## Slash commands and their options, as Discord lists them. Names: lowercase, no spaces.

cmd-quiz-name = quiz
cmd-quiz-description = Quiz rounds in this server
cmd-quiz-start-name = start
cmd-quiz-start-description = Start a quiz round in a channel (moderators)
cmd-quiz-start-pack-name = pack
cmd-quiz-start-pack-description = The quiz pack to play
cmd-quiz-start-questions-name = questions
cmd-quiz-start-questions-description = How many questions (default: all)
cmd-quiz-start-seconds-name = seconds
cmd-quiz-start-seconds-description = Seconds per question (default: the server setting)
cmd-quiz-start-channel-name = channel
cmd-quiz-start-channel-description = Where to play (default: this channel)
cmd-quiz-start-mode-name = mode
cmd-quiz-start-mode-description = Normal: the pack shuffled. Review: what this server got wrong most or has due
cmd-quiz-start-mode-normal = Normal
cmd-quiz-start-mode-review = Review
cmd-quiz-start-teams-name = teams
cmd-quiz-start-teams-description = A team round: 2-6 team roles (mentions or ids), or auto (2 teams; auto 3: three)
cmd-quiz-stop-name = stop
cmd-quiz-stop-description = Stop the round in this channel and show the standings (moderators)
cmd-quiz-skip-name = skip
cmd-quiz-skip-description = Close the current question now (moderators)
cmd-quiz-pause-name = pause
cmd-quiz-pause-description = Pause the round in this channel; the question keeps its time left (moderators)
cmd-quiz-resume-name = resume
cmd-quiz-resume-description = Resume the paused round in this channel (moderators)
cmd-quiz-packs-name = packs
cmd-quiz-packs-description = The quiz packs you can play
cmd-quiz-settings-name = settings
cmd-quiz-settings-description = Server settings for quiz rounds (needs the “Manage Server” permission)
cmd-quiz-settings-moderator_role-name = moderator_role
cmd-quiz-settings-moderator_role-description = A role that may run quiz rounds
cmd-quiz-settings-seconds-name = seconds
cmd-quiz-settings-seconds-description = Default seconds per question
cmd-quiz-settings-language-name = language
cmd-quiz-settings-language-description = Language of public round messages
cmd-quiz-settings-ping_role-name = ping_role
cmd-quiz-settings-ping_role-description = A role the bot pings when a round starts
cmd-quiz-settings-clear_ping_role-name = clear_ping_role
cmd-quiz-settings-clear_ping_role-description = Ping no role when a round starts
cmd-quiz-settings-time_zone-name = time_zone
cmd-quiz-settings-time_zone-description = Time zone of scheduled rounds, e.g. Europe/Athens
cmd-quiz-settings-grace_minutes-name = grace_minutes
cmd-quiz-settings-grace_minutes-description = How late a scheduled round may still start if the bot was offline (minutes, 0-120)
cmd-quiz-settings-suggestions-name = suggestions
cmd-quiz-settings-suggestions-description = Whether members may suggest questions for this server's packs (on by default)
cmd-quiz-settings-suggestions_channel-name = suggestions_channel
cmd-quiz-settings-suggestions_channel-description = A channel where moderators see each new suggestion, with its buttons
cmd-quiz-settings-clear_suggestions_channel-name = clear_suggestions_channel
cmd-quiz-settings-clear_suggestions_channel-description = Show suggestions in no channel (the queue command still lists them)
cmd-quiz-settings-reward_role-name = reward_role
cmd-quiz-settings-reward_role-description = A role members earn at a number of points (give reward_at too)
cmd-quiz-settings-reward_at-name = reward_at
cmd-quiz-settings-reward_at-description = The points that earn the reward role
cmd-quiz-settings-reward_scope-name = reward_scope
cmd-quiz-settings-reward_scope-description = Count all-time points (default) or the running season's
cmd-quiz-settings-clear_reward_role-name = clear_reward_role
cmd-quiz-settings-clear_reward_role-description = A reward role no longer given (those who have it keep it)
cmd-quiz-settings-pause_limit-name = pause_limit
cmd-quiz-settings-pause_limit-description = Minutes a paused round waits to be resumed before it ends (default: 60)
cmd-quiz-settings-retention-name = retention
cmd-quiz-settings-retention-description = Default retention for a pack, for members who chose none (with pack)
cmd-quiz-settings-pack-name = pack
cmd-quiz-settings-pack-description = The pack the retention default is for
cmd-quiz-analytics-name = analytics
cmd-quiz-analytics-description = How each question of a pack fared in this server, worst first (moderators)
cmd-quiz-analytics-pack-name = pack
cmd-quiz-analytics-pack-description = The quiz pack to analyse
cmd-review-name = review
cmd-review-description = Review your due questions privately
cmd-review-pack-name = pack
cmd-review-pack-description = Only this pack
cmd-leaderboard-name = leaderboard
cmd-leaderboard-description = The top of this server
cmd-leaderboard-period-name = period
cmd-leaderboard-period-description = This week, this month, all time or this season
cmd-leaderboard-pack-name = pack
cmd-leaderboard-pack-description = Only this pack
cmd-leaderboard-season-name = season
cmd-leaderboard-season-description = The board of a season, running or past, by its name
cmd-stats-name = stats
cmd-stats-description = Answers, accuracy, streak and reviews
cmd-stats-member-name = member
cmd-stats-member-description = Whose stats (default: yours)

## Choices of command options (their values are the keys: choice-week is the value "week").

choice-week = This week
choice-month = This month
choice-all = All time
choice-season = This season
choice-english = English
choice-greek = Greek
choice-english_greek = English and Greek
choice-greek_english = Greek and English
choice-easy = Easy
choice-medium = Medium
choice-hard = Hard
choice-kind_choice = Choice: one right option
choice-kind_all = All that apply
choice-kind_typed = Typed answer
choice-kind_number = Number

## A pack's difficulty.

difficulty-easy = Easy
difficulty-medium = Medium
difficulty-hard = Hard

## A round: its public messages in the server's language, private replies in the member's.

round-start_title = Quiz: { $title }
round-start_body = { $difficulty } · { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    } · { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    } each
round-started_by = Started by { $member }
round-ping = { $role }, a quiz round is starting!
round-guide = Guide: [{ $title }]({ $url })
round-guide_plain = Guide: { $title }
round-question_title = Question { $number } of { $total }
# $time is a Discord timestamp that the member's client shows as "in 30 seconds".
round-closes = Closes { $time }
round-closed = Closed
round-answered = { $count } answered
round-locked_in = Locked in: **{ $letter }**. The answer is revealed when the question closes.
round-already_answered = You already answered **{ $letter }**.
round-locked_in_given = Locked in: { $given }. The answer is revealed when the question closes.
round-already_answered_given = You already answered { $given }.
round-question_closed = This question is closed; your click was not recorded.
round-paused = Paused
round-paused_left = { $seconds } s left when it resumes
round-paused_click = The round is paused, so your click was not recorded. Answer once a moderator resumes it.
round-round_over = This round is over.
round-correct_answer = Correct answer: **{ $letter }**: { $text }
round-how_answered = How the server answered
round-no_answers = Nobody answered.
round-fastest = Fastest correct
# One entry of the fastest correct answers: a member and their time in seconds.
round-fastest_entry = { $member } { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
round-nobody_right = Nobody got it right.
round-why_button = Why was mine wrong?
round-why_correct = You picked **{ $letter }**, the correct answer.
round-why_wrong = You picked **{ $letter }**. { $why }
round-why_wrong_no_reason = You picked **{ $letter }**; the correct answer is **{ $correct }**.
round-why_no_answer = You did not answer this question.
round-why_not_yet = This question is still open: the answer is explained once it closes.
round-standings_title = Standings: { $title }
round-stopped_title = Round stopped: { $title }
round-standings_line = **{ $rank }.** { $member }: { $points } correct · { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
round-no_standings = Nobody answered in this round.
round-review_missed_button = Review what I missed
round-nothing_missed = You missed nothing in this round. Well done!
round-started_elsewhere = The round starts in { $channel }.
round-already_running = A round is already running in { $channel }. Stop it with /{ cmd-quiz-name } { cmd-quiz-stop-name } first.
round-no_round = No round is running in this channel.
round-stopping = Stopping the round.
round-skipping = Closing the question now.
# $ends is a Discord timestamp that the member's client shows as "in an hour".
round-paused_question = Paused. Question { $number } keeps its { $seconds } s; resume the round with /{ cmd-quiz-name } { cmd-quiz-resume-name }. Unless resumed, it ends by itself { $ends }.
round-paused_between = Paused between questions: the next question waits for /{ cmd-quiz-name } { cmd-quiz-resume-name }. Unless resumed, the round ends by itself { $ends }.
round-already_paused = The round in this channel is already paused. Resume it with /{ cmd-quiz-name } { cmd-quiz-resume-name }.
round-not_paused = The round in this channel is not paused.
round-resumed_question = Resumed: question { $number } has its { $seconds } s again, with a new countdown.
round-resumed_between = Resumed: the next question comes in a moment.
round-paused_too_long = The round ended by itself: it stayed paused longer than { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }, this server's limit.
round-unknown_pack = There is no pack called “{ $pack }”. Try /{ cmd-quiz-name } { cmd-quiz-packs-name }.
round-no_questions = That pack has no questions to play.
round-cannot_post = I cannot post in { $channel }: I need the “View Channel”, “Send Messages” and “Embed Links” permissions there.
round-cannot_attach = I cannot show this pack's pictures in { $channel }: I need the “Attach Files” permission there. Choose another channel or a pack without pictures; nothing was started.
round-ended_for_you = Your quiz round of **{ $pack }** in { $channel } has ended: { $reason }.
# A review round (/quiz start mode: review): the questions the server most needs again.
round-review-title = Review round: { $title }
round-review-body = The questions members here got wrong most often or have due for review, most needed first.
round-review-nothing = Nobody in this server has answered **{ $pack }** yet, so there is nothing to review. Start a normal round first.

## Why a round ended by itself, by Discord's error code ($reason of round-ended_for_you).

round-lost-10003 = that channel no longer exists
round-lost-50001 = quizbot can no longer see that channel
round-lost-50013 = quizbot lacks a permission it needs there (“View Channel”, “Send Messages”, “Embed Links”, “Read Message History”)
# The round's questions can no longer be shown (e.g. a built-in pack edited across a restart).
round-content_gone = a question it was to ask is no longer in its pack (the pack was changed while the round ran). The standings so far are posted in the channel

## Private review (spaced repetition).

review-title = Review · { $pack }
review-new_question = New question
review-due_question = Due for review
review-left_today = { $count ->
        [one] { $count } review left today
       *[other] { $count } reviews left today
    }
review-waiting = { $count } waiting for the coming days
review-limit_reached = You have done today's reviews: { $count ->
        [one] { $count } more question is due, and waits
       *[other] { $count } more questions are due, and wait
    } for your next review, { $time } (your daily limit, set in { $command }).
review-nothing_due = Nothing is due. Your next review is { $time }.
review-nothing_at_all = Nothing to review yet. Answer questions in a quiz round, or pick a pack with /{ cmd-review-name } { cmd-review-pack-name }.
review-right = Right!
review-wrong = Not quite: the answer is **{ $letter }**.
review-not_right = Not quite.
review-comes_back = This question comes back { $time }.
review-next_button = Next
review-stop_button = Stop
review-summary_title = Review done
review-summary = { $reviewed ->
        [one] Reviewed { $reviewed } question
       *[other] Reviewed { $reviewed } questions
    } · { $correct } right
review-summary_next = Next review: { $time }
review-not_yours = This review belongs to someone else. Start your own with /{ cmd-review-name }.
review-already_answered = You already answered this question in your review: your first answer set when it comes back, so this click changes nothing.
review-first_new = Nothing is due right now, so here is a new question.
review-missed_question = You got this one wrong in the round
review-unanswered_question = You did not answer this one in the round
review-your_answer = your answer
review-why_not = **Why not { $letter }?** { $why }
review-finish_button = Finish
review-summary_nothing = Next review: nothing scheduled
review-now_button = Review now
# A question the member failed LEECH_LAPSES times after learning it: it leaves their reviews.
review-leech_title = Out of your reviews
review-leech = You have got this question wrong { $lapses } times since you first saw its answer, so it leaves your reviews: one more review would teach little. Quiz rounds may still ask it. If its answer looks wrong or the question ambiguous, tell a moderator.
review-leech_answer = **Answer:** { $answer }

## The server's leaderboard.

# $period is one of choice-week, choice-month, choice-all.
leaderboard-title = Leaderboard · { $period }
leaderboard-title_pack = Leaderboard · { $period } · { $pack }
leaderboard-week = Week { $week }, { $year }
leaderboard-line = **{ $rank }.** { $member }: { $points } correct · { NUMBER($seconds, minimumFractionDigits: 1, maximumFractionDigits: 1) } s ({ $answered } answered)
leaderboard-empty = No answers yet in this period.
leaderboard-page = Page { $page } of { $pages }
leaderboard-your_rank = You are #{ $rank } with { $points } correct.
leaderboard-not_ranked = You are not on this board: you have no correct answers in this period yet.
leaderboard-me_button = Me
leaderboard-previous_button = Previous
leaderboard-next_button = Next

## Ranked lists: a round's standings and the leaderboards (ties, cuts, a member's private copy).

standings-tie_rule = Most correct first, then least total time on them; equal in both (time to the tenth of a second) share a rank.
standings-played = { $count } played
standings-more = …and { $count } more
standings-no_points = Nobody got a question right in this round.
standings-nobody_right_yet = Nobody has a correct answer in this period yet.
standings-you = ← you
standings-browse_button = Browse

## A member's stats (/stats): their own, or another member's.

stats-title = Stats
stats-answers = Answers
stats-accuracy = Accuracy
stats-rounds = Rounds
stats-streak = Daily streak
stats-streak_days = { $days ->
        [one] { $days } day
       *[other] { $days } days
    }
stats-next_review = Next review
stats-no_review = nothing scheduled
stats-review_now = now
stats-mastery = Packs
stats-mastery_line = { $pack }: { $mastered }/{ $questions } mastered, { $seen } seen
# $whose is "self" when members look at their own stats, "other" for someone else's.
stats-no_packs = { $whose ->
        [self] You have not started any pack yet.
       *[other] No pack started yet.
    }
stats-scope = Answers, accuracy and rounds: this server. Streak, packs and reviews: every server.
# /stats outside a server (a DM with the bot, a group DM).
stats-scope_everywhere = Answers, accuracy, rounds, streak and reviews: every server. Packs: the built-in ones (a server's own show in that server).
stats-own_only = Outside a server, /{ cmd-stats-name } shows only your own stats.
stats-former_member = { $member } (no longer in this server)
stats-not_in_server = { $member } is not in this server and has no answers here.
# Per pack: the retention reached in /review over 30 days, beside its target; then the forecast.
stats-reached = Retention reached (last 30 days)
stats-reached_line = { $pack }: { $reached } of { $reviews } reviews · target { $target }
stats-reached_few = { $pack }: too few reviews yet ({ $reviews }) · target { $target }
stats-reached_none = No reviews of due questions in the last 30 days.
stats-forecast = Reviews in the next 30 days
stats-forecast_text = About { $total }, { $new } of them new questions; the busiest day about { $busiest }.

## The /stats chart (an attached picture): its titles, axes and dates.

stats_chart-answers_title = Answers per week (this server)
stats_chart-answers_title_everywhere = Answers per week (every server)
stats_chart-answers_axis = Answers
stats_chart-accuracy_axis = Accuracy
stats_chart-due_title = Reviews due, next 14 days
stats_chart-due_axis = Reviews
# A day's date under a bar: month/day.
stats_chart-date = { $month }/{ $day }

## /quiz packs.

packs-title = Quiz packs
packs-line = **{ $title }** (`{ $id }`) · { $difficulty } · { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }
packs-empty = No quiz packs are loaded.
# A pack option typed with the bot's inside suffix (`capitals@123`), which no member may type.
# A pack option outside a server (a DM, a group DM), where only the built-in packs are.
packs-unknown_outside = There is no built-in pack called “{ $pack }”. Outside a server only the built-in packs are reviewed; a server's own packs stay in that server.
packs-inside_id = “{ $pack }” is not a pack id: pack ids never contain “@”. Type the id as /{ cmd-quiz-name } { cmd-quiz-packs-name } shows it, without the “@” and what follows.

## /quiz settings.

settings-title = Quiz settings
settings-moderator_role = Moderator role
settings-no_role = none (only members with the “Manage Server” permission)
settings-seconds = Seconds per question
settings-language = Language of rounds
settings-server_language = the server's language
settings-saved = Settings saved.
settings-ping_role = Ping when a round starts
settings-no_ping = nobody
settings-ping_unreachable = { $role } will not be notified: the role is not mentionable and the bot lacks the “Mention @everyone, @here, and All Roles” permission here. Turn on “Allow anyone to @mention this role” (“Server Settings” → “Roles”) or give the bot that permission.
settings-ping_everyone = @everyone cannot be the round ping: choose a role. Nothing was changed.
settings-ping_both = Give either ping_role or clear_ping_role, not both. Nothing was changed.
settings-time_zone = Time zone of scheduled rounds
settings-grace = Late start after an outage
settings-grace_minutes = { $minutes ->
        [0] never: a round the bot was offline for is missed
        [one] up to { $minutes } minute
       *[other] up to { $minutes } minutes
    }
settings-unknown_zone = “{ $zone }” is not a time zone I know: pick one from the list, e.g. Europe/Athens. Nothing was changed.
settings-pause_limit = Pause limit
settings-pause_minutes = { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }

## /quiz analytics: how each question of a pack fared in this server (moderators).

analytics-title = Item analytics · { $pack }
analytics-summary = { $members ->
        [one] { $members } member
       *[other] { $members } members
    } gave { $answers ->
        [one] { $answers } answer
       *[other] { $answers } answers
    } to this pack in this server. Worst questions first.
# $index is the discrimination index, already written for the language (or – when unknown).
analytics-item = **{ $rank }.** `{ $id }` · discrimination **{ $index }** · { $prompt }
# $right is a share (0.75 shows as 75%); $median and $mean are seconds.
analytics-figures = answers { $answers } · right { NUMBER($right, style: "percent") } · { $wrong } · time: median { NUMBER($median, minimumFractionDigits: 1, maximumFractionDigits: 1) } s, mean { NUMBER($mean, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
analytics-top_wrong = most-picked wrong option **{ $letter }** { NUMBER($share, style: "percent") }
analytics-no_wrong = no wrong answers
# Members who answered the pack here and have the question as a leech (failed again and again).
analytics-leeches = { $count ->
        [one] **{ $count } member** keeps failing it (a leech: check its key and wording)
       *[other] **{ $count } members** keep failing it (leeches: check its key and wording)
    }
analytics-more = { $count ->
        [one] …and { $count } more question.
       *[other] …and { $count } more questions.
    }
analytics-unanswered = Not answered in this server yet: { $count ->
        [one] { $count } question
       *[other] { $count } questions
    }.
analytics-no_answers = Nobody in this server has answered this pack yet.
analytics-footer = Order: lowest discrimination first, then lowest share right. Discrimination: the point-biserial correlation between being right on the question and the member's share right on the rest of the pack (first answers only); below 0.2 is poor, negative suggests a wrong key or an ambiguous question. –: fewer than { $min ->
        [one] { $min } member
       *[other] { $min } members
    } answered it and another question, or everyone (or no one) got it right.
# An all-that-apply question: the share of its answers that picked each option, in the pack's
# order; $options lists analytics-option and analytics-option_applies, comma-separated.
analytics-picked = picked: { $options }
analytics-option = **{ $letter }** { NUMBER($share, style: "percent") }
# An option the key says applies.
analytics-option_applies = **{ $letter }** ✓ { NUMBER($share, style: "percent") }
# A typed or number question: the wrong answers at least $min members typed alike; $answers
# lists analytics-common_answer, each $answer shown inert (a code span), $count its members.
analytics-common_wrong = most common wrong answers: { $answers }
analytics-common_answer = { $answer } ({ $count ->
        [one] { $count } member
       *[other] { $count } members
    })
analytics-no_common_wrong = no wrong answer typed alike by { $min ->
        [one] { $min } member
       *[other] { $min } members
    }
# A typed question: the share of its right answers that were right only by a forgiven typo.
analytics-typo = typo forgiven in { NUMBER($share, style: "percent") } of the right answers

## Errors, always private.

errors-not_moderator = Only moderators can do that: you need the “Manage Server” permission or the quiz moderator role.
errors-not_manager = Only members with the “Manage Server” permission can change quiz settings.
errors-guild_only = This command works in a server only.
# A click whose button names a round, review, board or reminder of somewhere else, or that no such button carries.
errors-not_here = This button doesn't belong here, so nothing was done.
errors-failed_answer = That didn't work: your answer was not recorded. Please try again. (error { $error_id })
errors-failed = That didn't work. Please try again. (error { $error_id })

## Member settings (/settings) and due reminders by DM.

cmd-settings-name = settings
cmd-settings-description = Your own settings: time zone, new questions, review reminders by DM
cmd-settings-time_zone-name = time_zone
cmd-settings-time_zone-description = Your time zone, e.g. Europe/Athens
cmd-settings-new_per_day-name = new_per_day
cmd-settings-new_per_day-description = New questions per day in your reviews (0-50)
cmd-settings-reminders-name = reminders
cmd-settings-reminders-description = A DM when questions are due for review
cmd-settings-reminder_hour-name = reminder_hour
cmd-settings-reminder_hour-description = The hour of the reminder, in your time zone (0-23)
cmd-settings-quiet_start-name = quiet_start
cmd-settings-quiet_start-description = Quiet hours start: no reminders from this hour (0-23)
cmd-settings-quiet_end-name = quiet_end
cmd-settings-quiet_end-description = Quiet hours end at this hour (0-23; the same as the start: none)
cmd-settings-language-name = language
cmd-settings-language-description = Language of the bot's DMs to you
cmd-settings-event_reminders-name = event_reminders
cmd-settings-event_reminders-description = A DM before a scheduled round whose Discord event you marked Interested
cmd-settings-retention-name = retention
cmd-settings-retention-description = How sure of a question you want to be when it comes back: higher means more reviews
cmd-settings-away_from-name = away_from
cmd-settings-away_from-description = The first day you are away (YYYY-MM-DD): no reminders, your streak kept
cmd-settings-away_until-name = away_until
cmd-settings-away_until-description = The last day you are away (YYYY-MM-DD)
cmd-settings-clear_away-name = clear_away
cmd-settings-clear_away-description = You are back (or not going): end your time away
cmd-settings-easy_days-name = easy_days
cmd-settings-easy_days-description = Weekdays with no reviews and no reminders, e.g. "sat sun", or "none"
cmd-settings-daily_reviews-name = daily_reviews
cmd-settings-daily_reviews-description = The most due questions offered in a day (0: no limit)
choice-retention_80 = 80% (fewest reviews)
choice-retention_85 = 85%
choice-retention_88 = 88% (default)
choice-retention_92 = 92%
choice-retention_95 = 95% (most reviews)
choice-retention_default = Clear: the default applies
cmd-settings-pack-name = pack
cmd-settings-pack-description = With retention: your target for this pack only
choice-client = My Discord language
settings-member-title = Your settings
settings-member-saved = Settings saved.
settings-member-current = Your settings. Change any of them with the options of { $command }.
settings-member-time_zone = Time zone
settings-member-new_per_day = New questions per day
settings-member-reminders = Review reminders by DM
settings-member-reminders_on = on, at { $hour } your time
settings-member-reminders_off = off
settings-member-quiet = Quiet hours
settings-member-quiet_hours = { $start } to { $end }
settings-member-no_quiet = none
settings-member-language = Language of DMs
settings-member-event_reminders = Before scheduled rounds
settings-member-event_reminders_on = a DM { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } before a round whose Discord event you marked “Interested”
settings-member-client_language = your Discord language
# The member's desired retention, then the reviews a day each choice would cost with their cards.
settings-member-retention = Retention: { $percent }%
settings-member-retention_outlook = Expected reviews a day at each choice, from your cards as they are now (new questions not included):
settings-member-retention_choice = { $percent }%: { NUMBER($reviews, minimumFractionDigits: 1, maximumFractionDigits: 1) }
settings-member-retention_current = **{ $percent }%: { NUMBER($reviews, minimumFractionDigits: 1, maximumFractionDigits: 1) }** (yours)
settings-member-retention_no_cards = No reviews yet: answer some questions and the cost of each choice shows here.
settings-member-away = Time away
settings-member-away_window = { $first } to { $last }: no reminders, your streak kept
settings-member-away_none = none
settings-member-easy_days = Easy days
settings-member-easy_none = none
settings-member-daily_reviews = Reviews a day
settings-member-daily_reviews_limit = at most { $count }, the likeliest forgotten first; the rest wait
settings-member-daily_reviews_none = no limit
# Targets per pack (bot/app/settings/pack_targets.py): a member's, and a server's defaults.
settings-member-pack_retention = Retention per pack
settings-pack_retention = Default retention per pack
settings-pack_retention_line = { $pack }: { $percent }%
settings-pack_retention_none = none
settings-pack_retention_both = Give retention and pack together: the retention is for that pack. Nothing was changed.
settings-member-not_saved = Nothing was changed.
settings-problem-unknown_zone = “{ $zone }” is not a time zone I know: pick one from the list, e.g. Europe/Athens.
settings-problem-daily_new_range = New questions per day must be from 0 to 50.
settings-problem-hour_range = The reminder hour must be from 0 to 23.
settings-problem-quiet_range = Quiet hours must be from 0 to 23.
settings-problem-quiet_half = Give both ends of your quiet hours (quiet_start and quiet_end), or neither.
settings-problem-hour_is_quiet = Your reminder hour ({ $hour }) falls in your quiet hours ({ $start } to { $end }), so no reminder would ever come: pick another hour or other quiet hours.
settings-problem-unknown_language = That language is not one the bot writes in.
settings-problem-away_date = Write the days you are away as YYYY-MM-DD, e.g. 2027-01-04.
settings-problem-away_half = Give both the first and the last day you are away (away_from and away_until).
settings-problem-away_order = The last day away comes before the first.
settings-problem-away_past = That time away has already ended.
settings-problem-away_long = Time away is at most a year.
settings-problem-easy_unknown = “{ $days }” names a day I do not know: write weekdays such as “sat sun”, or “none”.
settings-problem-easy_every_day = Keep at least one day of the week for reviews.
settings-problem-daily_reviews_range = Reviews a day must be from 0 (no limit) to 500.
reminder-due = { $count ->
        [one] **{ $count }** question is due for review in { $packs }.
       *[other] **{ $count }** questions are due for review in { $packs }.
    }
reminder-limited = Your daily limit offers { $left } of them today, the likeliest forgotten first; the rest wait for the coming days.
reminder-review_button = Review now
reminder-refused = I could not send you a review reminder: Discord refused the DM (your DMs are closed to members of a server we share, or we no longer share a server). Your reminders are now off; once your DMs are open, turn them back on with { $command }.

## Server packs: /quiz pack upload|list|remove|disable|enable (moderators), always private.

cmd-quiz-pack-name = pack
cmd-quiz-pack-description = This server's own quiz packs (moderators)
cmd-quiz-pack-upload-name = upload
cmd-quiz-pack-upload-description = Upload a pack or questions (YAML, CSV, GIFT, Aiken, a term list) for this server (moderators)
cmd-quiz-pack-upload-file-name = file
cmd-quiz-pack-upload-file-description = A YAML pack, CSV, Open Trivia DB JSON, GIFT, Aiken or a term list (at most 256 KiB)
cmd-quiz-pack-upload-picture1-name = picture1
cmd-quiz-pack-upload-picture1-description = A question's picture, named as in its image field (PNG, JPEG, WebP or GIF, up to 2 MiB)
cmd-quiz-pack-upload-picture2-name = picture2
cmd-quiz-pack-upload-picture2-description = Another question's picture, as picture1
cmd-quiz-pack-upload-picture3-name = picture3
cmd-quiz-pack-upload-picture3-description = Another question's picture, as picture1
cmd-quiz-pack-upload-picture4-name = picture4
cmd-quiz-pack-upload-picture4-description = Another question's picture, as picture1
cmd-quiz-pack-upload-picture5-name = picture5
cmd-quiz-pack-upload-picture5-description = Another question's picture, as picture1
cmd-quiz-pack-list-name = list
cmd-quiz-pack-list-description = This server's uploaded packs and the built-in packs it turned off (moderators)
cmd-quiz-pack-remove-name = remove
cmd-quiz-pack-remove-description = Remove a pack this server uploaded (moderators)
cmd-quiz-pack-remove-pack-name = pack
cmd-quiz-pack-remove-pack-description = The uploaded pack to remove
cmd-quiz-pack-disable-name = disable
cmd-quiz-pack-disable-description = Turn a built-in pack off in this server (moderators)
cmd-quiz-pack-disable-pack-name = pack
cmd-quiz-pack-disable-pack-description = The built-in pack to turn off
cmd-quiz-pack-enable-name = enable
cmd-quiz-pack-enable-description = Turn a built-in pack on again in this server (moderators)
cmd-quiz-pack-enable-pack-name = pack
cmd-quiz-pack-enable-pack-description = The built-in pack to turn on
cmd-quiz-pack-export-name = export
cmd-quiz-pack-export-description = A pack as a YAML file, to edit or to upload to another server (moderators)
cmd-quiz-pack-export-pack-name = pack
cmd-quiz-pack-export-pack-description = The pack to export
serverpacks-stored = Pack **{ $title }** (`{ $id }`) is stored for this server: { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }. Start it with /{ cmd-quiz-name } { cmd-quiz-start-name }; no other server sees it.
serverpacks-replaced = Pack **{ $title }** (`{ $id }`) is replaced by the new file: { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }. Questions that kept their ids keep their answers and reviews.
serverpacks-invalid = The pack was not stored: { $count ->
        [one] { $count } problem
       *[other] { $count } problems
    } in the file.
serverpacks-more_problems = …and { $count } more.
serverpacks-too_big = The file is over { $limit } KiB, the limit for a pack of this server. Nothing was stored.
serverpacks-picture_too_big = The picture { $file } is over { $limit } MiB, the limit for a question's picture. Nothing was stored.
serverpacks-too_slow = This file took too long to check: over { $limit ->
        [one] { $limit } second
       *[other] { $limit } seconds
    }, the limit for a pack of this server. Nothing was stored. A pack is usually checked in well under a second; look for very long lists or deep nesting in the file, or split it into smaller packs.
serverpacks-too_often = This server may upload at most { $limit ->
        [one] { $limit } pack
       *[other] { $limit } packs
    } in { $window ->
        [one] { $window } second
       *[other] { $window } seconds
    }. Try again in { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }. Nothing was stored.
serverpacks-too_many = This server already has { $limit ->
        [one] { $limit } pack
       *[other] { $limit } packs
    }, its limit. Remove one first with /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-remove-name }. Nothing was stored.
serverpacks-shadows_builtin = `{ $id }` is the id of a built-in pack: give your pack another id. Nothing was stored.
serverpacks-removed = Pack `{ $id }` is removed from this server. Its answers and scores stay in the history.
serverpacks-not_own = This server has no uploaded pack `{ $id }`.
serverpacks-removed_while_played = Pack `{ $id }` is removed from this server. The round of it that is running plays on to its end with the questions it started with. Its answers and scores stay in the history.
serverpacks-not_builtin = There is no built-in pack `{ $id }`.
serverpacks-disabled = Built-in pack `{ $id }` is turned off in this server: it is no longer offered or startable here.
serverpacks-already_disabled = Built-in pack `{ $id }` is already turned off in this server.
serverpacks-enabled = Built-in pack `{ $id }` is on again in this server.
serverpacks-already_enabled = Built-in pack `{ $id }` is not turned off in this server.
serverpacks-list_title = This server's packs
serverpacks-list_own = Uploaded here: { $count } of { $limit }
serverpacks-list_line = **{ $title }** (`{ $id }`) · { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    } · { $file }
serverpacks-list_none = None yet: upload one with /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-upload-name }.
serverpacks-list_disabled = Built-in packs turned off here
serverpacks-list_no_disabled = None.
serverpacks-own_mark = this server's own pack

## Scheduled rounds: /quiz schedule add|list|remove|skip (moderators), always private, and the
## DM that tells a schedule's moderator why one of its rounds did not start.

cmd-quiz-schedule-name = schedule
cmd-quiz-schedule-description = Rounds that start by themselves, every week or every day (moderators)
cmd-quiz-schedule-add-name = add
cmd-quiz-schedule-add-description = Schedule a round every week or every day, in the server's time zone (moderators)
cmd-quiz-schedule-add-pack-name = pack
cmd-quiz-schedule-add-pack-description = The quiz pack to play
cmd-quiz-schedule-add-day-name = day
cmd-quiz-schedule-add-day-description = Every day, or one day of the week
cmd-quiz-schedule-add-day-daily = Every day
cmd-quiz-schedule-add-day-monday = Monday
cmd-quiz-schedule-add-day-tuesday = Tuesday
cmd-quiz-schedule-add-day-wednesday = Wednesday
cmd-quiz-schedule-add-day-thursday = Thursday
cmd-quiz-schedule-add-day-friday = Friday
cmd-quiz-schedule-add-day-saturday = Saturday
cmd-quiz-schedule-add-day-sunday = Sunday
cmd-quiz-schedule-add-time-name = time
cmd-quiz-schedule-add-time-description = The time of day, HH:MM in the server's time zone, e.g. 19:00
cmd-quiz-schedule-add-channel-name = channel
cmd-quiz-schedule-add-channel-description = Where to play (default: this channel)
cmd-quiz-schedule-add-questions-name = questions
cmd-quiz-schedule-add-questions-description = How many questions (default: all)
cmd-quiz-schedule-add-seconds-name = seconds
cmd-quiz-schedule-add-seconds-description = Seconds per question (default: the server's setting)
cmd-quiz-schedule-add-mode-name = mode
cmd-quiz-schedule-add-mode-description = Normal: the pack shuffled. Review: what this server got wrong most or has due
cmd-quiz-schedule-add-ping-name = ping
cmd-quiz-schedule-add-ping-description = A role to ping when each round starts (default: the server's ping role)
cmd-quiz-schedule-add-ends-name = ends
cmd-quiz-schedule-add-ends-description = The last day, YYYY-MM-DD (default: no end)
cmd-quiz-schedule-add-teams-name = teams
cmd-quiz-schedule-add-teams-description = Team rounds: 2-6 team roles (mentions or ids), or auto (teams made anew each round)
cmd-quiz-schedule-list-name = list
cmd-quiz-schedule-list-description = This server's scheduled rounds and when they start next (moderators)
cmd-quiz-schedule-remove-name = remove
cmd-quiz-schedule-remove-description = Remove a schedule: no more of its rounds start (moderators)
cmd-quiz-schedule-remove-schedule-name = schedule
cmd-quiz-schedule-remove-schedule-description = The schedule to remove
cmd-quiz-season-name = season
cmd-quiz-season-description = Seasons: a stretch of competition with a board of its own (moderators)
cmd-quiz-season-start-name = start
cmd-quiz-season-start-description = Start a season; every answer counts on its board too until it ends
cmd-quiz-season-start-name-name = name
cmd-quiz-season-start-name-description = The season's name, e.g. "Spring term"
cmd-quiz-season-start-ends-name = ends
cmd-quiz-season-start-ends-description = Its last day (YYYY-MM-DD, in the server's time zone); without it, until you end it
cmd-quiz-season-start-channel-name = channel
cmd-quiz-season-start-channel-description = Where its final standings are posted (default: this channel)
cmd-quiz-season-end-name = end
cmd-quiz-season-end-description = End the season now and post its final standings
cmd-quiz-schedule-skip-name = skip
cmd-quiz-schedule-skip-description = Skip the next round of a schedule (moderators)
cmd-quiz-schedule-skip-schedule-name = schedule
cmd-quiz-schedule-skip-schedule-description = The schedule whose next round to skip
# $day is "daily" or a weekday's English name; $time is 19:00.
schedule-when = { $day ->
        [monday] every Monday at { $time }
        [tuesday] every Tuesday at { $time }
        [wednesday] every Wednesday at { $time }
        [thursday] every Thursday at { $time }
        [friday] every Friday at { $time }
        [saturday] every Saturday at { $time }
        [sunday] every Sunday at { $time }
       *[daily] every day at { $time }
    }
schedule-added = Scheduled: **{ $pack }** in { $channel }, { $when } ({ $zone }). This is schedule #{ $id }.
schedule-ends = Last day: { $day }.
schedule-pings = Each round pings { $role }.
# $times: Discord timestamps, which each member's client shows in their own time.
schedule-next_rounds = Next rounds: { $times }
schedule-zone_hint = Times are in the server's time zone, { $zone }; change it with /{ cmd-quiz-name } { cmd-quiz-settings-name } { cmd-quiz-settings-time_zone-name }.
schedule-list_title = Scheduled rounds
schedule-list_name = #{ $id } · { $pack }
schedule-list_value = { $when } in { $channel }
schedule-list_ended = No rounds left: its last day has passed.
schedule-list_empty = No scheduled rounds yet: add one with /{ cmd-quiz-name } { cmd-quiz-schedule-name } { cmd-quiz-schedule-add-name }.
schedule-list_footer = Times of day in { $zone }; the dates and times above show in each member's own time.
schedule-skipped = The round set for { $time } (schedule #{ $id }) will not start.
schedule-skipped_then = The next one: { $time }.
schedule-nothing_to_skip = Schedule #{ $id } has no round left to skip.
schedule-removed = Schedule #{ $id } is removed: no more of its rounds will start. A round of it that is running plays on to its end.
schedule-unknown = This server has no schedule #{ $id }.
schedule-too_many = This server already has { $limit ->
        [one] { $limit } schedule
       *[other] { $limit } schedules
    }, its limit. Remove one first with /{ cmd-quiz-name } { cmd-quiz-schedule-name } { cmd-quiz-schedule-remove-name }. Nothing was scheduled.
schedule-cannot_post = I cannot post in { $channel }: I need the “View Channel” and “Send Messages” permissions there. Nothing was scheduled.
schedule-cannot_attach = I cannot show this pack's pictures in { $channel }: I need the “Attach Files” permission there. Nothing was scheduled.
schedule-ping_everyone = @everyone cannot be a round's ping: choose a role. Nothing was scheduled.
schedule-problem-bad_day = Pick the day from the list. Nothing was scheduled.
schedule-problem-bad_time = “{ $time }” is not a time of day: write it as HH:MM, e.g. 19:00. Nothing was scheduled.
schedule-problem-bad_date = “{ $ends }” is not a date: write it as YYYY-MM-DD, e.g. 2027-06-30. Nothing was scheduled.
schedule-problem-ends_before_first = The last day, { $ends }, has passed, or comes before the first round would start ({ $zone } time). Nothing was scheduled.
schedule-note = Your scheduled round of **{ $pack }** in { $channel } did not start:
schedule-note_line = { $time }: { $reason }
schedule-outcome-missed = the bot was offline then, and came back more than { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } late (the server's grace period).
schedule-outcome-busy = another round was still running in the channel { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    } after its time.
schedule-outcome-pack_gone = its pack is no longer offered in the server (removed or turned off).
schedule-outcome-cannot_post = I can no longer post in the channel (I need the “View Channel” and “Send Messages” permissions there, and “Attach Files” for a pack with pictures).
schedule-outcome-nothing_to_review = it is a review round, and nobody in the server has answered its pack yet.
serverpacks-exported = Pack `{ $id }` as YAML. Edit it in any editor, then upload it here or to another server with /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-upload-name }.
serverpacks-exported_pictures = Pack `{ $id }` as YAML, with { $count ->
        [one] the picture
       *[other] the { $count } pictures
    } its questions show. Edit it in any editor, then upload it here or to another server with /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-upload-name }, attaching the pictures as { cmd-quiz-pack-upload-picture1-name } to { cmd-quiz-pack-upload-picture5-name } (here, a picture you do not attach again is kept).
serverpacks-export_left_out = { $count ->
        [one] One more picture does not fit in this message, which holds 10 files: { $files }. Uploaded here, the pack keeps it.
       *[other] { $count } more pictures do not fit in this message, which holds 10 files: { $files }. Uploaded here, the pack keeps them.
    }
upload-preview_title = Preview: { $title } (`{ $id }`)
upload-preview_read = Read from `{ $file }` as { $format }: { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }, { $options } options in all. The first ones are below.
upload-preview_replaces = Confirming replaces this server's pack `{ $id }` ({ $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }). Questions that keep their ids keep their answers and reviews.
upload-preview_waits = Nothing is stored until you press **Confirm**. This preview waits { $minutes } minutes.
upload-preview_pictures = With a picture: { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }. Picture files: { $attached } attached to this upload, { $kept } kept from the pack's current version.
upload-preview_picture = 🖼️ `{ $file }`: { $alt }
upload-preview_left_out = Left out ({ $count }): what the pack cannot ask
upload-confirm = Confirm
upload-cancel = Cancel
upload-cancelled = Cancelled: nothing was stored.
upload-expired = This preview has expired (a preview waits { $minutes } minutes), or a newer upload replaced it. Nothing was stored: upload the file again.
upload-format_yaml = a YAML pack
upload-format_csv = CSV
upload-format_opentdb = Open Trivia DB JSON
upload-format_gift = GIFT (Moodle)
upload-format_aiken = Aiken (Moodle)
upload-format_terms = a term list
schedule-with_event = Members who mark “Interested” on its Discord event get a DM before each round.
schedule-no_event = I lack the “Create Events” permission, so this schedule has no Discord event; its rounds start all the same.
# $time is a Discord timestamp a member's client shows as "in 5 minutes".
schedule-interest = **{ $pack }** starts { $time } in { $channel }: you marked “Interested” on its Discord event. To get no more of these, use { $command } with event_reminders: False.

## Writing questions in Discord: /quiz question add|edit|remove and /quiz pack new (moderators), always private.
# Labels (at most 45 characters) and hints (at most 100) of the forms' fields; $language names a pack locale.

cmd-quiz-pack-new-name = new
cmd-quiz-pack-new-description = Begin a new pack for this server in a form, with its first question (moderators)
cmd-quiz-pack-new-id-name = id
cmd-quiz-pack-new-id-description = The pack's id: a-z, 0-9 and -, up to 40 characters
cmd-quiz-pack-new-title-name = title
cmd-quiz-pack-new-title-description = The pack's title (in its first language)
cmd-quiz-pack-new-languages-name = languages
cmd-quiz-pack-new-languages-description = The languages its texts are written in (default: the server's)
cmd-quiz-pack-new-difficulty-name = difficulty
cmd-quiz-pack-new-difficulty-description = How hard the pack is (default: medium)
cmd-quiz-pack-new-kind-name = kind
cmd-quiz-pack-new-kind-description = How members answer its first question (default: one right option)
cmd-quiz-question-name = question
cmd-quiz-question-description = Write this server's own questions in forms (moderators)
cmd-quiz-question-add-name = add
cmd-quiz-question-add-description = Add a question to one of this server's packs, in a form (moderators)
cmd-quiz-question-add-pack-name = pack
cmd-quiz-question-add-pack-description = The server's pack to add it to
cmd-quiz-question-add-kind-name = kind
cmd-quiz-question-add-kind-description = How members answer it (default: one right option)
cmd-quiz-question-edit-name = edit
cmd-quiz-question-edit-description = Change a question of one of this server's packs, in a form (moderators)
cmd-quiz-question-edit-pack-name = pack
cmd-quiz-question-edit-pack-description = The server's pack the question is in
cmd-quiz-question-edit-question-name = question
cmd-quiz-question-edit-question-description = The question to change
cmd-quiz-question-remove-name = remove
cmd-quiz-question-remove-description = Remove a question from one of this server's packs (moderators)
cmd-quiz-question-remove-pack-name = pack
cmd-quiz-question-remove-pack-description = The server's pack the question is in
cmd-quiz-question-remove-question-name = question
cmd-quiz-question-remove-question-description = The question to remove
cmd-quiz-question-suggest-name = suggest
cmd-quiz-question-suggest-description = Suggest a question for one of this server's packs; the moderators decide
cmd-quiz-question-suggest-pack-name = pack
cmd-quiz-question-suggest-pack-description = The server's pack to suggest it for
cmd-quiz-question-suggest-kind-name = kind
cmd-quiz-question-suggest-kind-description = How members answer it (default: one right option)
cmd-quiz-question-queue-name = queue
cmd-quiz-question-queue-description = The questions members suggested, waiting for a decision (moderators)
forms-title_pack = New pack
forms-title_texts = Question in { $language } ({ $step } of { $steps })
forms-title_whys = Why the others are wrong ({ $language })
forms-title_picture = Picture for the question
forms-field_title = Title ({ $language })
forms-field_title_hint = The pack's name, as /{ cmd-quiz-name } { cmd-quiz-packs-name } lists it
forms-field_summary = Summary ({ $language })
forms-field_summary_hint = What the pack is about, in a sentence or two
forms-field_prompt = Question ({ $language })
forms-field_prompt_hint = What members are asked
forms-field_options = Options ({ $language })
forms-field_options_hint = One option a line, 2 to 5 lines; they are shown as A, B, C…
forms-field_correct = The right option
forms-field_correct_hint = Which line of the options is right
forms-field_explanation = Explanation ({ $language })
forms-field_explanation_hint = Why the right option is right, shown when the answer is revealed
forms-field_why = Why not { $letter }: { $option }
forms-field_why_hint = Optional: shown privately to whoever picks it
forms-field_picture = Picture
forms-field_picture_hint = PNG, JPEG, WebP or GIF, up to { $limit } MiB, shown below the question
forms-field_picture_kept = Now { $file }. Upload one to replace it; empty the descriptions to remove it.
forms-field_picture_alt = Picture description ({ $language })
forms-field_picture_alt_hint = What the picture shows, for members who cannot see it
forms-field_all_right = The right options
forms-field_all_right_hint = Tick every right option: at least two, and not all of them
forms-field_answers = Accepted answers ({ $language })
forms-field_answers_hint = One a line, up to { $max }; a member who types any of them is right
forms-field_match = How answers are compared
forms-field_match_hint = Normal suits most questions
forms-match_exact = Exact
forms-match_exact_hint = As written, but for the spaces around it
forms-match_normal = Normal
forms-match_normal_hint = Case, Greek accents and the punctuation around it ignored
forms-match_typo = Typo allowed
forms-match_typo_hint = Normal, and a slip of the keys forgiven in answers of 5 letters or more
forms-field_answer = The answer (a number)
forms-field_answer_hint = As members type it: 3.5 or 3,5, −12, 12 500
forms-field_tolerance = Tolerance
forms-field_tolerance_hint = Optional: how far off an answer may be and still be right (default: 0)
forms-field_unit = Unit ({ $language })
forms-field_unit_hint = Optional: shown with the answer (km, years); members may type it after the number
forms-line = Line { $number }
forms-step_pack = Pack details
forms-step_texts = { $language } texts
forms-step_whys = Why texts ({ $language })
forms-step_picture = Picture
forms-continue = Continue
forms-fix = Fix and resubmit
forms-save = Save
forms-remove = Remove the question
forms-cancel = Cancel
forms-heading_add = **New question** for pack `{ $pack }`
forms-heading_edit = **Changing a question** of pack `{ $pack }`
forms-heading_new = **New pack** `{ $pack }` and its first question
forms-heading_remove = **Removing a question** from pack `{ $pack }`
forms-step_kept = Kept what you typed.
forms-next = Next: { $step }.
forms-ready = This is how it will read. Save it, or go back to any part; a picture and “why” texts for the wrong options are optional.
forms-ready_recall = This is how it will read. Save it, or go back to any part; a picture is optional.
forms-problems = { $count ->
        [one] { $count } thing to fix; everything you typed is kept:
       *[other] { $count } things to fix; everything you typed is kept:
    }
forms-problem_required = is empty; it is needed.
forms-problem_too_long = is { $length } characters; the limit is { $limit }.
forms-problem_refused_character = holds { $character }, a character a text may not hold (tabs and control characters); remove it.
forms-problem_option_count = has { $count ->
        [one] { $count } line
       *[other] { $count } lines
    }; a question has { $min } to { $max } options, one a line.
forms-problem_options_differ = has { $count ->
        [one] { $count } option
       *[other] { $count } options
    } but { $language } has { $first }; give each option in every language, in the same order.
forms-problem_correct_beyond = is { $letter }, but there { $count ->
        [one] is { $count } option
       *[other] are { $count } options
    }.
forms-problem_why_missing = is given in another language but not in this one; give it in every language, or in none.
forms-problem_picture_missing = no picture was uploaded for these descriptions; upload one, or empty the descriptions.
forms-problem_picture_too_big = is { $size } MiB; a picture is at most { $limit } MiB.
forms-problem_not_a_picture = is not a PNG, JPEG, WebP or GIF picture (by its bytes).
forms-problem_too_few_right = ticks one option only; tick at least two (a question with one right option is a choice).
forms-problem_all_right = ticks every option; at least one must be wrong.
forms-problem_answer_count = has { $count ->
        [one] { $count } answer
       *[other] { $count } answers
    }; give 1 to { $max }, one a line.
forms-problem_only_punctuation = holds “{ $answer }”, only punctuation, which no match compares; write it in letters or digits.
forms-problem_not_a_number = “{ $text }” is not a number such as 3.5 or 3,5.
forms-problem_negative = is below zero; a tolerance is 0 or more.
forms-problem_unit_missing = is given in another language but not in this one; give the unit in every language, or in none.
forms-preview_title = Preview
forms-preview_pack = Pack **{ $title }** (`{ $id }`)
forms-preview_whys = “Why” texts: { $given } of { $wrong } wrong options
forms-preview_picture = Picture: { $file } ({ $alt })
forms-preview_all = All that apply: members tick every right option.
forms-preview_typed = Typed answer, { $match ->
        [exact] compared exactly as written
        [typo] with a slip of the keys forgiven
       *[normal] compared ignoring case, accents and punctuation
    }.
forms-preview_number = Number: members type it.
forms-preview_accepted = ✅ { $answers }
forms-loader_problems = The pack was not saved: { $count ->
        [one] { $count } problem
       *[other] { $count } problems
    } as quizbot validate would say it.
forms-saved_add = Saved in pack **{ $title }** (`{ $pack }`), which now has { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }. Rounds that are running keep the questions they started with.
forms-saved_edit = Saved: the question of pack **{ $title }** (`{ $pack }`) is changed, and keeps its answers and reviews. Rounds that are running keep the version they started with.
forms-saved_new = Pack **{ $title }** (`{ $pack }`) is stored for this server with its first question. Start it with /{ cmd-quiz-name } { cmd-quiz-start-name }, or add more with /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-add-name }.
forms-saved_remove = Removed. Pack **{ $title }** (`{ $pack }`) now has { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }; the removed question's answers stay in the history.
forms-remove_confirm = Remove this question from pack `{ $pack }`?
    > { $prompt }
forms-cancelled = Cancelled. Nothing was saved.
forms-gone = This form is no longer open (it expires an hour after its last change, or a newer form of yours replaced it). Nothing was saved; run the command again.
forms-busy = The pack kept changing while this was being saved (other moderators at work). Nothing was saved; try Save again.
forms-pack_taken = A pack `{ $pack }` was stored in this server meanwhile. Nothing was saved; choose another id with /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-new-name }.
forms-pack_gone = Pack `{ $pack }` is no longer stored in this server. Nothing was saved.
forms-locales_changed = Pack `{ $pack }` was uploaded again in other languages meanwhile. Nothing was saved; open the form again.
forms-question_gone = That question is no longer in pack `{ $pack }`. Nothing was saved.
forms-last_question = A pack keeps at least one question. To remove pack `{ $pack }` itself, use /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-remove-name }.
forms-too_many_questions = Pack `{ $pack }` already has { $limit ->
        [one] { $limit } question
       *[other] { $limit } questions
    }, the most a pack may have. Nothing was saved.
forms-bad_id = “{ $id }” is not a pack id: use 1 to 40 characters of a-z, 0-9 and -.
forms-pack_exists = This server already has a pack `{ $id }`: add to it with /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-add-name }, or choose another id.
forms-builtin = `{ $id }` is a built-in pack, which cannot be changed here. Begin your own with /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-new-name }.
forms-not_own = This server has no pack `{ $id }`. Begin one with /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-new-name }.
forms-no_question = Pack `{ $pack }` has no question `{ $id }`; pick one from the suggestions.

# Suggested questions (bot/app/authoring/suggestion_*.py)
forms-heading_suggest = **Suggesting a question** for pack `{ $pack }`: the moderators decide whether it joins
forms-heading_approve = **Editing a suggested question** for pack `{ $pack }`: saving approves it as you leave it
forms-send_suggestion = Send to the moderators
forms-approve = Approve
suggest-edit = Edit
suggest-reject = Reject
suggest-next = Next
suggest-closed = This server takes no suggested questions.
suggest-too_many = You have suggested { $limit ->
        [one] { $limit } question
       *[other] { $limit } questions
    } in this server in the last day, the most one may. Try again tomorrow.
suggest-queue_full = The moderators have many suggestions waiting already. Try again once they have decided some.
suggest-builtin = `{ $id }` is a built-in pack; suggestions are for this server's own packs.
suggest-not_own = This server has no pack `{ $id }` of its own; pick one from the suggestions.
suggest-sent = Sent: the moderators will decide whether your question joins pack `{ $pack }`, and you will get a DM when they do. { $left ->
        [0] That was your last suggestion for today.
        [one] You may suggest { $left } more today.
       *[other] You may suggest { $left } more today.
    }
suggest-card_title = Suggestion { $number } for pack `{ $pack }`
suggest-card_by = Suggested by { $author } { $when }
suggest-card_new = A member suggested a question:
suggest-card_decided = A member suggested a question, now decided:
suggest-approved_by = ✅ Approved by { $moderator } as question `{ $question }`
suggest-approved_edited = ✅ Approved by { $moderator }, with edits, as question `{ $question }`
suggest-rejected_by = ❌ Rejected by { $moderator }: { $reason }
suggest-no_reason = no reason given
suggest-being_decided = { $moderator } is approving this suggestion right now.
suggest-queue_count = { $count ->
        [0] No suggestions are waiting.
        [one] { $count } suggestion is waiting:
       *[other] { $count } suggestions are waiting, oldest first:
    }
suggest-done_approved = Approved: the question joins the pack as `{ $question }`, and its author is told.
suggest-done_rejected = Rejected; its author is told.
suggest-not_approved = Not approved; the suggestion still waits.
suggest-reject_title = Reject suggestion { $number }
suggest-reject_reason = Why (optional; the author reads it)
suggest-reason_refused = The reason holds { $character }, a character a text may not hold. Nothing was changed.
suggest-gone = That suggestion is no longer there. Nothing was saved.
suggest-dm_approved = Your question “{ $prompt }” for pack `{ $pack }` in { $server } was approved: it is in the pack now. Thank you!
suggest-dm_approved_edited = Your question “{ $prompt }” for pack `{ $pack }` in { $server } was approved, with some edits by the moderators: it is in the pack now. Thank you!
suggest-dm_rejected = Your question “{ $prompt }” for pack `{ $pack }` in { $server } was not taken: { $reason }
settings-suggestions = Suggested questions
settings-suggestions_open = Members may suggest questions; moderators see them in { $channel }
settings-suggestions_off = Members may not suggest questions (moderators see earlier ones in { $channel })
settings-suggestions_queue = /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-queue-name }
settings-suggestions_unreachable = I cannot post in { $channel } (I need the “View Channel”, “Send Messages” and “Embed Links” permissions there), so suggestions are shown only in /{ cmd-quiz-name } { cmd-quiz-question-name } { cmd-quiz-question-queue-name } until I can.
settings-suggestions_both = Choose a suggestions channel or clear it, not both. Nothing was changed.

# Seasons (bot/app/seasons/)
leaderboard-season = Season “{ $name }”
season-cannot_post = I cannot post the final standings in { $channel }: I need the “View Channel”, “Send Messages” and “Embed Links” permissions there. Choose a channel where I can.
season-name_empty = A season needs a name.
season-name_refused = “{ $name }” cannot name a season: up to 50 characters, no control characters.
season-bad_day = “{ $ends }” is not a date; write the last day as YYYY-MM-DD, e.g. 2027-06-30.
season-ends_past = { $ends } is already over in the server's time zone; choose a day that is not.
season-running = A season is running in this server already; end it first.
season-name_taken = This server had a season “{ $name }” already; choose another name.
season-started = Season **{ $name }** has started: every answer counts on its board too until you end it with { $end }. Its final standings will be posted in { $channel }.
season-started_until = Season **{ $name }** has started and ends { $until }: every answer until then counts on its board too. Its final standings will be posted in { $channel }.
season-none_running = No season is running in this server.
season-ended = Season **{ $name }** has ended; its final standings are being posted in { $channel }.
season-unknown = This server has no season “{ $name }”; pick one from the suggestions.
season-final = Season **{ $name }** is over. Its final standings:
stats-season = Season “{ $name }”
stats-season_place = Place { $place } · { $points ->
        [one] { $points } correct
       *[other] { $points } correct
    }
stats-season_none = { $whose ->
        [self] Not on its board yet: answer a round to get there
       *[other] Not on its board yet
    }

# Reward roles (bot/app/rewards/)
choice-reward_all = All-time points
choice-reward_season = The running season's points
rewards-needs_both = A reward needs a role and its points: give reward_role and reward_at together. Nothing was changed.
rewards-not_giveable = { $role } cannot be a reward: @everyone and the roles of bots and integrations are nobody's to give. Nothing was changed.
rewards-no_manage_roles = I cannot give { $role }: I need the “Manage Roles” permission. Nothing was changed.
rewards-above_me = I cannot give { $role }: it is not below my highest role, { $mine }. Drag my role above it (“Server Settings” → “Roles”), then try again. Nothing was changed.
rewards-too_many = This server has { $limit } reward roles, the most it may have; clear one first. Nothing was changed.
rewards-earned = You earned the role { $role } in { $server }: { $points ->
        [one] { $points } point
       *[other] { $points } points
    } in all. Well done!
rewards-earned_season = You earned the role { $role } in { $server }: { $points ->
        [one] { $points } point
       *[other] { $points } points
    } this season. Well done!
settings-rewards = Reward roles
settings-no_rewards = none
settings-reward_all = { $role } at { $points ->
        [one] { $points } point
       *[other] { $points } points
    } (all time)
settings-reward_season = { $role } at { $points ->
        [one] { $points } point
       *[other] { $points } points
    } in a season

## Team rounds (`/quiz start teams:`)
teams-too_long = That is too long for a list of teams: list 2 to 6 roles, or write auto.
teams-not_a_role = “{ $part }” is not a role: list 2 to 6 roles by mention (@Red) or id, or write auto.
teams-repeated = A role is listed twice; list each team role once.
teams-count = A team round has 2 to 6 teams: list 2 to 6 roles, or write auto.
teams-auto_count = Write auto for 2 teams, or auto and a number from 2 to 6, e.g. auto 3.
teams-everyone = @everyone cannot be a team: everyone would play for it.
teams-unknown_role = This server has no role { $part }.
teams-managed_role = { $part } is managed by Discord or an app (a bot's or a booster role): nobody can be given it, so it cannot be a team.
teams-start = **Team round**: { $teams }. Each member plays for the first of these roles they hold.
teams-start_auto = **Team round**: { $count } teams, made as members first answer (each joins the team with the fewest members).
teams-auto_name = Team { $number }
teams-playing_for = You play for { $team }.
teams-playing_alone = You hold none of this round's team roles: you score for yourself only.
teams-shares = Teams
teams-share = { $team } { $right }/{ $answered } right
teams-standings = Teams
teams-standings_line = **{ $rank }.** { $team }: { NUMBER($per_member, maximumFractionDigits: 2) } per member ({ $points } correct, { $members ->
    [one] { $members } member
   *[other] { $members } members
} played)
teams-nobody_played = Nobody played for a team.
teams-rule = Teams rank by points per member who played: the correct answers of a team's members divided by how many of them answered. Members in no team are ranked only as individuals.

# What the bot does for whom (bot/quiz/authority.py). $role is a role's mention (a name in DMs);
# $permissions names the role's permissions as Discord's role settings do, joined by commas.
authority-reward_elevated = { $role } cannot be a reward: it carries { $permissions }, and a reward may carry nothing beyond what every member may do, whoever chooses it.
authority-setter_gone = Whoever chose { $role } is no longer a member here, or chose it before the bot checked who may: it has to be chosen again.
authority-reward_no_manage_roles = You cannot give { $role } in Discord yourself (that needs the “Manage Roles” permission), so the bot will not give it for you.
authority-reward_above_setter = You cannot give { $role } in Discord yourself: it is not below your highest role, so the bot will not give it for you.
authority-ping_not_mentionable = { $role } is not mentionable, and you cannot ping it in Discord yourself (that needs the “Mention @everyone, @here, and All Roles” permission), so the bot will not ping it for you. Turn on “Allow anyone to @mention this role” (“Server Settings” → “Roles”), or let someone with that permission choose it.
authority-refused = { $why } Nothing was changed.
authority-withheld_reward = In { $server } I did not give the reward role { $role }: { $why } Members keep their points; once someone who may sets the reward again with { $command }, those past it get the role.
authority-withheld_ping = In { $server } a round started without pinging { $role }: { $why } Choose the ping again with { $command }.
permission-kick_members = the “Kick Members” permission
permission-ban_members = the “Ban Members” permission
permission-administrator = the “Administrator” permission
permission-manage_channels = the “Manage Channels” permission
permission-manage_guild = the “Manage Server” permission
permission-view_audit_log = the “View Audit Log” permission
permission-priority_speaker = the “Priority Speaker” permission
permission-manage_messages = the “Manage Messages” permission
permission-mention_everyone = the “Mention @everyone, @here, and All Roles” permission
permission-view_guild_insights = the “View Server Insights” permission
permission-mute_members = the “Mute Members” permission
permission-deafen_members = the “Deafen Members” permission
permission-move_members = the “Move Members” permission
permission-manage_nicknames = the “Manage Nicknames” permission
permission-manage_roles = the “Manage Roles” permission
permission-manage_webhooks = the “Manage Webhooks” permission
permission-manage_expressions = the “Manage Expressions” permission
permission-manage_events = the “Manage Events” permission
permission-manage_threads = the “Manage Threads” permission
permission-moderate_members = the “Timeout Members” permission
permission-view_creator_monetization_analytics = the “View Server Subscription Insights” permission
permission-create_expressions = the “Create Expressions” permission
permission-create_events = the “Create Events” permission
permission-pin_messages = the “Pin Messages” permission
permission-bypass_slowmode = the “Bypass Slowmode” permission
permission-unknown = a permission the bot does not know yet

# heavy commands (issue 37)
heavy-too_often = This server may run /{ cmd-quiz-name } { cmd-quiz-pack-name } { cmd-quiz-pack-export-name } and /{ cmd-quiz-name } { cmd-quiz-analytics-name } at most { $limit ->
        [one] once
       *[other] { $limit } times
    } in { $window ->
        [one] { $window } second
       *[other] { $window } seconds
    }, the two together. Try again in { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }.
analytics-newest_only = { $count ->
        [one] Only the newest answer was read
       *[other] Only the newest { $count } answers were read
    }; older ones are left out.

# forged options (issue 37)
forged-channel = The option “{ $option }” names a channel of another server, or one you cannot see. Pick a channel of this server that you can see.
forged-role = The option “{ $option }” names a role of another server. Pick a role of this server.
forged-member = The option “{ $option }” names no one this command can take here. Pick a member of this server.

## Answering from memory: the Answer button, its modal, and what the reveal shows of it.
answer-typed_button = Type your answer
answer-number_button = Type a number
answer-several_button = Pick your answers
answer-typed_invite = Type your answer with the button below.
answer-number_invite = Type a number with the button below.
answer-several_invite = Pick every option that applies with the button below: right only if you pick exactly the right ones.
answer-field = Your answer
answer-field_unit = Your answer, in { $unit }
answer-several_field = Every option that applies
answer-hint_exact = Type it exactly as it is written.
answer-hint_normal = Case, accents and punctuation around it do not matter.
answer-hint_typo = Case and accents do not matter, and a small typo is forgiven.
answer-hint_number = A number, such as 3.5 or 3,5.
answer-hint_several = Right only if you pick exactly the right ones.
answer-not_a_number = { $given } is not a number, so nothing was recorded: answer again with a number, such as 3.5.
answer-empty = Your answer was empty, so nothing was recorded.
answer-accepted = Accepted: { $answers }
answer-the_number = The answer: { $answer }
answer-within = (within { $tolerance })
answer-right_share = { $right } of { $answered } right
answer-common_wrong = Common wrong answers: { $answers }
answer-picked = You picked { $letters }.
answer-why_right = You answered { $given }: right.
answer-why_typo = You answered { $given }: right, with a typo forgiven ({ $accepted }).
answer-why_wrong = You answered { $given }. Accepted: { $accepted }.
answer-why_picked_right = You picked { $letters }: exactly the right ones.
answer-why_picked_wrong = You picked { $letters }; the right ones are { $correct }.
answer-nothing = nothing
