package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// checkUnambiguous walks every token of body: it refuses an object that
// names a member twice, or two members whose names differ only in case, at
// any depth; and a top-level member whose name is a contract field's in
// another case ("Amount"), which Go alone would read as that field.
func checkUnambiguous(body []byte) error {
	type frame struct {
		object  bool
		wantKey bool
		names   map[string]struct{}
	}
	var stack []*frame
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber() // no number is parsed, so none can fail here
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: %v", errCallback, err)
		}
		n := len(stack)
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:n-1]
			valueDone()
			continue
		}
		if n > 0 && stack[n-1].wantKey {
			name := tok.(string) // the decoder allows nothing else here
			folded := foldName(name)
			if _, dup := stack[n-1].names[folded]; dup {
				return fmt.Errorf("%w: member %q is given twice (names differing only in case count as the same)", errCallback, name)
			}
			stack[n-1].names[folded] = struct{}{}
			if field, ok := callbackFields[folded]; ok && n == 1 && field != name {
				return fmt.Errorf("%w: member %q must be spelled %q", errCallback, name, field)
			}
			stack[n-1].wantKey = false
			continue
		}
		if d, ok := tok.(json.Delim); ok {
			f := &frame{object: d == '{', wantKey: d == '{'}
			if f.object {
				f.names = map[string]struct{}{}
			}
			stack = append(stack, f)
			continue
		}
		valueDone()
	}
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
