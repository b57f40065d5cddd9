package bot

import (
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
)

// The choices of the commands' ArgChoice arguments (see Commands).

// variantChoices are every variant, named in each language (/rules).
func variantChoices([]string) []ArgOption {
	return variantList(func(*engine.Variant) bool { return true })
}

// gameChoices are the variants a game can be started in (/new): every
// one but the solitaires.
func gameChoices([]string) []ArgOption {
	return variantList(func(v *engine.Variant) bool { return v.Players != 1 })
}

// ratedChoices are the variants /top ranks by rating: those of two seats
// (not the solitaires, not Ruma's tables of four), as the bot rates them.
func ratedChoices([]string) []ArgOption {
	return variantList(func(v *engine.Variant) bool { return v.Players != 1 && ratedVariant(v) })
}

func variantList(keep func(*engine.Variant) bool) []ArgOption {
	var out []ArgOption
	for _, v := range engine.Variants() {
		if !keep(v) {
			continue
		}
		c := ArgOption{Value: v.ID, Name: locales.VariantName(locales.EN, v.ID), Local: map[locales.Lang]string{}}
		for _, l := range locales.All {
			if l != locales.EN {
				c.Local[l] = locales.VariantName(l, v.ID)
			}
		}
		out = append(out, c)
	}
	return out
}

// levelChoices are the bot levels the platform offers, named by the
// catalog's level_<level> where it has one.
func levelChoices(levels []string) []ArgOption {
	var out []ArgOption
	for _, lvl := range levels {
		c := ArgOption{Value: lvl, Name: lvl, Local: map[locales.Lang]string{}}
		for _, l := range locales.All {
			if !locales.Has(l, "level_"+lvl) {
				continue
			}
			if l == locales.EN {
				c.Name = locales.Text(l, "level_"+lvl, nil)
			} else {
				c.Local[l] = locales.Text(l, "level_"+lvl, nil)
			}
		}
		out = append(out, c)
	}
	return out
}

// languageChoices are the bot's languages, each named in itself.
func languageChoices([]string) []ArgOption {
	var out []ArgOption
	for _, l := range locales.All {
		out = append(out, ArgOption{Value: string(l), Name: l.NativeName()})
	}
	return out
}

// onOffChoices are /notify's on and off, named by notify_word_on and
// notify_word_off in the other languages.
func onOffChoices([]string) []ArgOption {
	var out []ArgOption
	for _, v := range []string{"on", "off"} {
		c := ArgOption{Value: v, Name: v, Local: map[locales.Lang]string{}}
		for _, l := range locales.All {
			if l != locales.EN {
				c.Local[l] = locales.Text(l, "notify_word_"+v, nil)
			}
		}
		out = append(out, c)
	}
	return out
}
