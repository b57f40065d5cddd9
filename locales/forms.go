package locales

// Forms returns the plural message key in l as its CLDR forms ("one",
// "few", "many", "other"...), each with its placeholders left as written
// ("{Count} seeds"), for a client that picks the form itself
// (Intl.PluralRules). A key missing in l falls back to English, as Text
// does; a key that is no plural message, or none at all, gives nil.
func Forms(l Lang, key string) map[string]string {
	msg, _, ok := lookup(l, key)
	if !ok || msg.forms == nil {
		return nil
	}
	out := make(map[string]string, len(msg.forms))
	for name, f := range formNames {
		if s, ok := msg.forms[f]; ok {
			out[name] = s
		}
	}
	return out
}
