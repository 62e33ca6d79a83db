package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode"
)

// The signature covers bytes, but the portal and the vendor each act on
// what their own JSON parser reads from them. Parsers disagree on a name
// given twice (Go's encoding/json keeps the last, many others the first or
// refuse) and on names that differ only in case (Go matches struct fields
// case-insensitively, most parsers do not): {"amount":1,"Amount":5000} is
// a bet of 1 to the vendor and of 5000 to Go. Such a body is refused before
// it is decoded, so both sides always read the same callback.

// callbackFields maps each Callback field's JSON name, case-folded, to the
// name as the contract spells it.
var callbackFields = func() map[string]string {
	out := map[string]string{}
	t := reflect.TypeFor[Callback]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		out[foldName(name)] = name
	}
	return out
}()

// checkUnambiguous scans body for object member names: it refuses an
// object that names a member twice, or two members whose names differ only
// in case, at any depth; and a top-level member whose name is a contract
// field's in another case ("Amount"), which Go alone would read as that
// field. It only reads names: the decoder that runs next refuses a body
// that is not valid JSON, so on such a body this may stop early and answer
// nil. (It scans bytes rather than using encoding/json's token reader,
// which allocated for every token and cost two thirds of a callback's
// decoding.)
func checkUnambiguous(body []byte) error {
	// stack holds the open containers: an object's names, nil for an array.
	var stack []*nameSet
	wantName := false
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '{':
			stack = append(stack, &nameSet{})
			wantName = true
		case '[':
			stack = append(stack, nil)
			wantName = false
		case '}', ']':
			if len(stack) == 0 {
				return nil // not JSON: the decoder refuses it
			}
			stack = stack[:len(stack)-1]
			wantName = false
		case ',':
			wantName = len(stack) > 0 && stack[len(stack)-1] != nil
		case '"':
			end, escaped := stringEnd(body, i)
			if end < 0 {
				return nil // unterminated: the decoder refuses it
			}
			if wantName && len(stack) > 0 && stack[len(stack)-1] != nil {
				name := body[i+1 : end]
				if escaped {
					var s string
					if json.Unmarshal(body[i:end+1], &s) != nil {
						return nil // a bad escape: the decoder refuses it
					}
					name = []byte(s)
				}
				o := stack[len(stack)-1]
				if err := o.add(name); err != nil {
					return err
				}
				if len(stack) == 1 {
					var buf [32]byte
					if field, ok := callbackFields[string(foldInto(buf[:0], name))]; ok && field != string(name) {
						return fmt.Errorf("%w: member %q must be spelled %q", errCallback, name, field)
					}
				}
				wantName = false
			}
			i = end
		}
	}
	return nil
}

// manyNames is how many names an object compares pairwise before it keeps
// their folds in a map (a hostile body may hold thousands).
const manyNames = 16

// nameSet is the member names of one object.
type nameSet struct {
	names [][]byte            // the names so far, as written (unescaped)
	many  map[string]struct{} // their folds, once there are many
}

// add records name in the object, refusing one it already holds in any
// case.
func (o *nameSet) add(name []byte) error {
	dup := func() error {
		return fmt.Errorf("%w: member %q is given twice (names differing only in case count as the same)", errCallback, name)
	}
	if o.many != nil {
		f := foldName(string(name))
		if _, ok := o.many[f]; ok {
			return dup()
		}
		o.many[f] = struct{}{}
		return nil
	}
	for _, n := range o.names {
		if bytes.EqualFold(n, name) {
			return dup()
		}
	}
	o.names = append(o.names, name)
	if len(o.names) > manyNames {
		o.many = make(map[string]struct{}, 2*manyNames)
		for _, n := range o.names {
			o.many[foldName(string(n))] = struct{}{}
		}
		o.names = nil
	}
	return nil
}

// stringEnd is the index of the quote closing the JSON string opening at
// body[start], or -1; escaped tells whether the string holds a backslash.
func stringEnd(body []byte, start int) (end int, escaped bool) {
	for i := start + 1; i < len(body); i++ {
		switch body[i] {
		case '\\':
			escaped = true
			i++ // the escaped byte cannot close the string
		case '"':
			return i, escaped
		}
	}
	return -1, escaped
}

// foldInto appends name's fold (foldName) to dst: for ASCII, its letters
// upper-cased, without allocating when dst has room.
func foldInto(dst, name []byte) []byte {
	for _, c := range name {
		if c >= 0x80 {
			return append(dst[:0], foldName(string(name))...)
		}
	}
	for _, c := range name {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// foldName is name with each letter replaced by the smallest of its
// Unicode simple case folds, so two names fold alike exactly when
// strings.EqualFold (the matching Go's decoder does) says they are equal:
// "K", "k" and the Kelvin sign "\u212a" all fold to "K".
func foldName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for _, r := range name {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}
