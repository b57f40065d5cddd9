// Package locales holds every user-facing text of the mancala bot in its four
// languages, Russian, Danish, Polish and English, and the little machinery
// around it: language resolution, placeholders, CLDR plurals, English
// fallback, variant names and the rules explanations.
//
// # Files
//
// The texts live in embedded TOML files, one folder per language:
// text/<lang>/messages.toml (chat messages, errors, command descriptions,
// option and variant names), text/<lang>/puzzle.toml (the daily puzzle's
// texts, its goals among them) and text/<lang>/rules.toml (the rules
// explanations, one block of keys per variant). Keys are unique across a
// language's files. A key is a flat TOML key;
// its value is either a string or, for a text that depends on a number, a
// table of CLDR plural forms:
//
//	turn = "{Player} to move."
//	[captured]
//	one = "{Player} captured {Count} seed."
//	other = "{Player} captured {Count} seeds."
//
// Russian and Polish plural tables have the forms one, few, many and other
// ("other" is only used for fractions, which the bot never shows, but CLDR
// requires it); Danish and English have one and other. Validate checks all
// of this, and the tests call it.
//
// # Placeholders
//
// {Name} is replaced by args["Name"] (formatted with fmt.Sprint). The integer
// argument "Count" chooses the plural form of the message itself.
// {Name:key} renders the plural message key with Count = args["Name"], so one
// message can hold several counted phrases:
//
//	stats = "{Wins:n_wins}, {Losses:n_losses}, {Draws:n_draws}."
//
// gives "5 побед, 2 поражения, 1 ничья" in Russian. A placeholder with no
// value in args is left as it is, so a missing argument shows up in tests
// rather than vanishing.
//
// # Markup
//
// Texts are plain text with two kinds of markup only: *bold* (a heading,
// always on one line) and "•" bullets at the start of a line. They contain
// no underscores, backquotes or other markup characters, so they are safe in
// Telegram's legacy Markdown and in a terminal. Discord reads *x* as italic:
// ForDiscord turns it into **x**. ForTelegramHTML gives Telegram HTML, and
// Plain strips the asterisks. User text put into a text (a quoted word)
// goes through Literal first: its markup characters are marked so that
// the three converters show them as typed (escaped for Discord), and
// CleanText has removed its control and bidirectional characters.
//
// # Wording choices
//
// Seeds are "камни" in Russian (камень, камня, камней: the word the Russian
// sources use), "kamienie" in Polish, "frø" in Danish (as in the Danish
// rules) and "seeds" in English. Pits are лунки, dołki, huller and pits;
// a store is амбар (калах in Kalah, казан in Togyz Kumalak), magazyn,
// depot (kalaha in Kalah, kazan in Togyz Kumalak) and store. Russian and
// Polish messages avoid past-tense verbs with a player's name as subject,
// because those verbs carry the player's gender, which the bot does not
// know ("{Player} забирает 6 камней", not "забрал"). Players are addressed
// as "вы" in Russian and "ty"/"du" in Polish and Danish.
package locales
