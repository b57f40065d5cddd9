package telegramtest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// htmlTags are the tags Telegram's HTML parse mode accepts.
var htmlTags = map[string]bool{
	"b": true, "strong": true, "i": true, "em": true, "u": true, "ins": true,
	"s": true, "strike": true, "del": true, "a": true, "code": true, "pre": true,
	"span": true, "tg-spoiler": true, "blockquote": true, "tg-emoji": true,
}

// ParseHTML checks s as Telegram's HTML parse mode does and returns the
// text a user sees (tags removed, entities decoded). Like Telegram, it
// rejects an unknown tag, an unbalanced tag, a '<' or '&' that starts no
// tag or entity, and an unknown named entity.
func ParseHTML(s string) (string, error) {
	var b strings.Builder
	var stack []string
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case '<':
			j := strings.IndexByte(s[i:], '>')
			if j < 0 {
				return "", fmt.Errorf("can't find end of the tag starting at byte offset %d", i)
			}
			tag := s[i+1 : i+j]
			closing := strings.HasPrefix(tag, "/")
			name := strings.ToLower(strings.TrimPrefix(tag, "/"))
			if k := strings.IndexAny(name, " \t\n"); k >= 0 {
				name = name[:k]
			}
			if !htmlTags[name] {
				return "", fmt.Errorf("unsupported start tag %q at byte offset %d", name, i)
			}
			if closing {
				if len(stack) == 0 || stack[len(stack)-1] != name {
					return "", fmt.Errorf("unmatched end tag at byte offset %d", i)
				}
				stack = stack[:len(stack)-1]
			} else {
				stack = append(stack, name)
			}
			i += j + 1
		case '&':
			j := strings.IndexByte(s[i:], ';')
			if j < 0 || j > 12 {
				return "", fmt.Errorf("character '&' at byte offset %d starts no entity", i)
			}
			ent := s[i+1 : i+j]
			r, ok := decodeEntity(ent)
			if !ok {
				return "", fmt.Errorf("unsupported HTML entity %q at byte offset %d", ent, i)
			}
			b.WriteRune(r)
			i += j + 1
		case '>':
			return "", fmt.Errorf("character '>' at byte offset %d is not escaped", i)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r)
			i += n
		}
	}
	if len(stack) > 0 {
		return "", fmt.Errorf("can't find end tag corresponding to start tag %q", stack[len(stack)-1])
	}
	return b.String(), nil
}

func decodeEntity(e string) (rune, bool) {
	switch e {
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "amp":
		return '&', true
	case "quot":
		return '"', true
	}
	if n, ok := strings.CutPrefix(e, "#"); ok {
		base := 10
		if h, ok := strings.CutPrefix(strings.ToLower(n), "x"); ok {
			n, base = h, 16
		}
		v, err := strconv.ParseInt(n, base, 32)
		if err == nil && v > 0 && utf8.ValidRune(rune(v)) {
			return rune(v), true
		}
	}
	return 0, false
}

// utf16Len is a text's length as Telegram counts it.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
