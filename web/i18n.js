// The page's words in English and Hebrew, and the machinery that puts them on the page:
// an element with data-i18n="key" gets the text, data-i18n-label its aria-label,
// data-i18n-title its title. Any screen of the page (a statistics dialog too) uses the
// same t() and applyTexts(); the refusals' sentences come from the library instead.

export const TEXTS = {
  en: {
    toolbar: "Game",
    new: "New",
    new_key: "New game (N)",
    undo: "Undo",
    undo_key: "Undo (U)",
    redo: "Redo",
    redo_key: "Redo (R)",
    hint: "Hint",
    hint_key: "Hint (H)",
    finish: "Finish",
    finish_key: "Auto-finish (A)",
    menu: "Menu",
    language_label: "Language",
    language_other: "עברית",
    score: "Score",
    moves: "Moves",
    time: "Time",
    loading: "Loading the rules…",
    failed: "The rules could not be loaded: {error}",
    menu_title: "Game",
    deal_title: "Deal a game",
    code: "Game code",
    deal: "Deal",
    rules: "Rules",
    classic: "Classic",
    relaxed: "Relaxed",
    settings: "Settings",
    double_click: "Double tap sends a card",
    placement_help: "Placement help",
    interactive_rules: "Explain refused moves",
    auto_placement: "Auto placement",
    help_title: "How to play",
    help:
      "Tap a card to send it home or pick it up, then tap where it goes; double tap places it; " +
      "drag a card to move it with every card on it. Keys: U undo, R redo, H hint, A finish, " +
      "N new game, T statistics, arrows move between cards, Enter picks up, 1-7 and F drop the card picked up, " +
      "Esc puts it down.",
    close: "Close",
    abandon: "Abandon it",
    keep: "Keep playing",
    confirm_new: "A game is in progress. Abandon it and deal a new one?",
    confirm_code: "A game is in progress. Abandon it and deal {code}?",
    won: "Won! Every card is home.",
    no_hint: "No move leads anywhere new.",
    hint_column: "Hint: {card} to column {column}",
    hint_home: "Hint: {card} to its foundation",
    moved_column: "{cards} to column {column}.",
    moved_home: "{cards} to its foundation.",
    moved_back: "Undone: {cards} back to column {column}.",
    moved_back_home: "Undone: {cards} back to its foundation.",
    with_more: "{card} and {count} more",
    with_one: "{card} and 1 more",
    turned: "{card} turned face up.",
    picked: "{card} picked up.",
    put_down: "Put down.",
    card_name: "{rank} of {suit}",
    in_column: "{card}, column {column}",
    in_foundation: "{card}, {suit} foundation",
    face_down: "face-down card, column {column}",
    dealing: "card being dealt",
    column: "Column {column}, {count} cards",
    column_empty: "Column {column}, empty",
    foundation: "{suit} foundation, {count} cards",
    new_title: "New game",
    deal_random: "Random deal",
    deal_winnable: "Winnable deal",
    deal_daily: "Today's deal",
    by_grade: "A winnable deal of a grade",
    grade_easy: "Easy",
    grade_medium: "Medium",
    grade_hard: "Hard",
    grade_hardest: "Hardest",
    grade_lost: "Lost",
    grades_note: "Graded by how often a player who cannot see the face-down cards wins the deal.",
    cancel: "Cancel",
    daily_info: "Daily {date}",
    no_deal: "No deal of that grade could be found.",
    statistics: "Statistics",
    statistics_key: "Statistics (T)",
    daily_streak: "Daily deal streak: {streak} (best {best})",
    stats_games: "Games and streaks",
    stats_bests: "Best results",
    all_games: "All games",
    classic_rules: "Classic rules",
    relaxed_rules: "Relaxed rules",
    played: "Played",
    won_games: "Won",
    win_share: "Won %",
    streak: "Streak",
    best_streak: "Best streak",
    best_score: "Best score",
    fastest_win: "Fastest win",
    fewest_moves: "Fewest moves",
    stats_note: "A game counts once it is won, or left for another after a move: then it is not won.",
    ranks: { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" },
    suits: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  },
  he: {
    toolbar: "משחק",
    new: "חדש",
    new_key: "משחק חדש (N)",
    undo: "בטל",
    undo_key: "ביטול מהלך (U)",
    redo: "שוב",
    redo_key: "ביצוע מחדש (R)",
    hint: "רמז",
    hint_key: "רמז (H)",
    finish: "סיים",
    finish_key: "סיום אוטומטי (A)",
    menu: "תפריט",
    language_label: "שפה",
    language_other: "English",
    score: "ניקוד",
    moves: "מהלכים",
    time: "זמן",
    loading: "טוען את הכללים…",
    failed: "לא ניתן לטעון את הכללים: {error}",
    menu_title: "משחק",
    deal_title: "חלוקת משחק",
    code: "קוד משחק",
    deal: "חלק",
    rules: "כללים",
    classic: "קלסי",
    relaxed: "מקל",
    settings: "הגדרות",
    double_click: "הקשה כפולה שולחת קלף",
    placement_help: "עזרה בהנחה",
    interactive_rules: "הסבר למהלך שנדחה",
    auto_placement: "הנחה אוטומטית",
    help_title: "איך משחקים",
    help:
      "הקישו על קלף כדי לשלוח אותו לערימת היסוד או להרים אותו, ואז הקישו על המקום שאליו הוא הולך; " +
      "הקשה כפולה מניחה אותו; גררו קלף כדי להזיז אותו עם כל הקלפים שעליו. מקשים: U ביטול, R ביצוע מחדש, " +
      "H רמז, A סיום, N משחק חדש, T סטטיסטיקה, החצים עוברים בין הקלפים, Enter מרים, 1-7 ו־F מניחים את הקלף שהורם, " +
      "Esc מוריד אותו.",
    close: "סגור",
    abandon: "לנטוש אותו",
    keep: "להמשיך לשחק",
    confirm_new: "יש משחק באמצע. לנטוש אותו ולחלק משחק חדש?",
    confirm_code: "יש משחק באמצע. לנטוש אותו ולחלק את {code}?",
    won: "ניצחון! כל הקלפים בערימות היסוד.",
    no_hint: "אין מהלך שמוביל למקום חדש.",
    hint_column: "רמז: {card} לטור {column}",
    hint_home: "רמז: {card} לערימת היסוד",
    moved_column: "{cards} לטור {column}.",
    moved_home: "{cards} לערימת היסוד.",
    moved_back: "בוטל: {cards} חזר לטור {column}.",
    moved_back_home: "בוטל: {cards} חזר לערימת היסוד.",
    with_more: "{card} ועוד {count} קלפים",
    with_one: "{card} ועוד קלף אחד",
    turned: "{card} נחשף.",
    picked: "{card} הורם.",
    put_down: "הונח.",
    card_name: "{rank} {suit}",
    in_column: "{card}, טור {column}",
    in_foundation: "{card}, ערימת היסוד של {suit}",
    face_down: "קלף הפוך, טור {column}",
    dealing: "קלף בחלוקה",
    column: "טור {column}, {count} קלפים",
    column_empty: "טור {column}, ריק",
    foundation: "ערימת היסוד של {suit}, {count} קלפים",
    new_title: "משחק חדש",
    deal_random: "חלוקה אקראית",
    deal_winnable: "חלוקה פתירה",
    deal_daily: "החלוקה של היום",
    by_grade: "חלוקה פתירה לפי דרגת קושי",
    grade_easy: "קל",
    grade_medium: "בינוני",
    grade_hard: "קשה",
    grade_hardest: "הקשה ביותר",
    grade_lost: "אבוד",
    grades_note: "הדרגה נקבעת לפי כמה פעמים מנצח בחלוקה שחקן שאינו רואה את הקלפים ההפוכים.",
    cancel: "ביטול",
    daily_info: "יומי {date}",
    no_deal: "לא נמצאה חלוקה בדרגה הזאת.",
    statistics: "סטטיסטיקה",
    statistics_key: "סטטיסטיקה (T)",
    daily_streak: "רצף החלוקות היומיות: {streak} (שיא {best})",
    stats_games: "משחקים ורצפים",
    stats_bests: "שיאים",
    all_games: "כל המשחקים",
    classic_rules: "כללים קלסיים",
    relaxed_rules: "כללים מקלים",
    played: "שוחקו",
    won_games: "נוצחו",
    win_share: "% ניצחון",
    streak: "רצף",
    best_streak: "רצף שיא",
    best_score: "ניקוד שיא",
    fastest_win: "ניצחון מהיר ביותר",
    fewest_moves: "מעט מהלכים ביותר",
    stats_note: "משחק נספר כשמנצחים בו, או כשעוזבים אותו למשחק אחר אחרי מהלך: אז הוא לא נוצח.",
    ranks: { A: "אס", T: "10", J: "נסיך", Q: "מלכה", K: "מלך" },
    suits: { S: "עלה", H: "לב", D: "יהלום", C: "תלתן" },
  },
};

export const LANGUAGES = Object.keys(TEXTS);

let current = "en";

export function language() {
  return current;
}

export function setLanguage(name) {
  current = name in TEXTS ? name : "en";
}

/** The text of ``key`` in the page's language, with each {name} filled from ``params``. */
export function t(key, params = {}) {
  const text = TEXTS[current][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A card's spoken name: "10 of spades", "מלך לב". */
export function cardName(name) {
  const words = TEXTS[current];
  const rank = words.ranks[name[0]] || name[0];
  return t("card_name", { rank, suit: words.suits[name[1]] });
}

export function suitName(letter) {
  return TEXTS[current].suits[letter];
}

/** Every data-i18n* element under ``root`` in the page's language, and the page's
 * lang and dir. */
export function applyTexts(root = document) {
  if (root === document) {
    document.documentElement.lang = current;
    document.documentElement.dir = current === "he" ? "rtl" : "ltr";
  }
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

/** Ask a yes-or-no question in ``dialog`` (a <dialog> with #confirm-text's kind of
 * paragraph and buttons valued "yes" and "no"): true for yes; Esc is no. */
export function confirm(dialog, text) {
  dialog.querySelector("p").textContent = text;
  applyTexts(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}
