package locales

import (
	"strings"

	"golang.org/x/text/language"
)

// Lang is one of the bot's four languages. Its value is the ISO 639-1 code
// ("ru", "da", "pl", "en"), which is also what the lang command takes.
type Lang string

// The supported languages. EN is the fallback for everything.
const (
	EN Lang = "en"
	RU Lang = "ru"
	DA Lang = "da"
	PL Lang = "pl"
)

// All lists the supported languages, English first.
var All = []Lang{EN, RU, DA, PL}

// Resolve maps a platform locale tag to one of the four languages by its base
// language only: Discord's Interaction.Locale ("ru", "da", "pl", "en-US",
// "en-GB", "pt-BR", ...) and Telegram's User.LanguageCode ("ru", "pl",
// "pt-br", ...) alike. ru, da and pl map to themselves; everything else,
// including an empty or malformed tag, maps to EN.
//
// The mapping is deliberately explicit rather than a language.Matcher: a
// matcher sends Ukrainian, Belarusian and Kazakh users Russian text and
// Norwegian users Danish text. Those users get English here.
func Resolve(tag string) Lang {
	base := strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(base, "-_"); i >= 0 {
		base = base[:i]
	}
	switch base {
	case "ru":
		return RU
	case "da":
		return DA
	case "pl":
		return PL
	}
	return EN
}

// Parse reads a language the user asked for (the lang command): a code or
// tag of one of the four languages, in any case ("ru", "PL", "da-DK",
// "en_GB"). ok is false for anything else, for which the bot should answer
// with the lang_unknown message rather than silently pick English.
func Parse(s string) (l Lang, ok bool) {
	base := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(base, "-_"); i >= 0 {
		base = base[:i]
	}
	switch Lang(base) {
	case EN, RU, DA, PL:
		return Lang(base), true
	}
	return EN, false
}

// Valid reports whether l is one of the four languages.
func (l Lang) Valid() bool {
	switch l {
	case EN, RU, DA, PL:
		return true
	}
	return false
}

// norm returns l, or EN when l is not one of the four languages.
func (l Lang) norm() Lang {
	if l.Valid() {
		return l
	}
	return EN
}

// NativeName is the language's name in that language, written as it
// appears mid-sentence: "English", "русский", "dansk", "polski". It is the
// natural value for the {Lang} placeholder of the lang_set message.
func (l Lang) NativeName() string {
	switch l.norm() {
	case RU:
		return "русский"
	case DA:
		return "dansk"
	case PL:
		return "polski"
	}
	return "English"
}

// Tag returns the language.Tag of l (English for an unknown Lang).
func (l Lang) Tag() language.Tag {
	switch l.norm() {
	case RU:
		return language.Russian
	case DA:
		return language.Danish
	case PL:
		return language.Polish
	}
	return language.English
}
