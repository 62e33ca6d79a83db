package merchant

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// MaintenanceWindow is a scheduled maintenance: the merchant is in
// maintenance from Start (inclusive) to End (exclusive) with no operator
// present. The status call and the status push follow the clock, so the
// window opens and closes by itself (decision 0026).
type MaintenanceWindow struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// maintenanceAt reports whether the merchant is in maintenance at now: the
// switch is on, or now falls inside the scheduled window.
func (c Config) maintenanceAt(now time.Time) bool {
	if c.Maintenance {
		return true
	}
	w := c.MaintenanceWindow
	return w != nil && !now.Before(w.Start) && now.Before(w.End)
}

// Maintenance is the maintenance part of the settings: the switch, the
// scheduled window (nil: none) and the page's text per language.
type Maintenance struct {
	On     bool                 `json:"on"`
	Window *MaintenanceWindow   `json:"window"`
	Texts  map[string]TitleInfo `json:"texts"`
	// Active says whether the site is in maintenance right now (the switch
	// or the window); read only.
	Active bool `json:"active"`
}

// Limits of the maintenance settings.
const (
	maxWindow    = 31 * 24 * time.Hour
	maxWindowAge = 366 * 24 * time.Hour
	maxTitle     = 100
	maxInfo      = 2000
)

// checkMaintenance validates m against the clock now; a window must end
// after it starts and after now, last at most a month, and start within a
// year; texts need a known language, a title and plain text.
func checkMaintenance(m Maintenance, now time.Time) error {
	if w := m.Window; w != nil {
		switch {
		case w.Start.IsZero() || w.End.IsZero():
			return &SettingError{Field: "window", Reason: "start and end are both required"}
		case !w.End.After(w.Start):
			return &SettingError{Field: "window.end", Reason: "must be after the start"}
		case !w.End.After(now):
			return &SettingError{Field: "window.end", Reason: "is in the past"}
		case w.End.Sub(w.Start) > maxWindow:
			return &SettingError{Field: "window.end", Reason: "a window lasts at most 31 days"}
		case w.Start.Sub(now) > maxWindowAge:
			return &SettingError{Field: "window.start", Reason: "must be within a year"}
		}
	}
	if len(m.Texts) > len(Languages) {
		return &SettingError{Field: "texts", Reason: "too many languages"}
	}
	for lang, t := range m.Texts {
		field := "texts." + lang
		if !IsLanguage(lang) {
			return &SettingError{Field: field, Reason: "unknown language"}
		}
		if strings.TrimSpace(t.Title) == "" {
			return &SettingError{Field: field + ".title", Reason: "required"}
		}
		if err := plainText(field+".title", t.Title, maxTitle, false); err != nil {
			return err
		}
		if err := plainText(field+".info", t.Info, maxInfo, true); err != nil {
			return err
		}
	}
	return nil
}

// plainText refuses control characters (line breaks allowed when
// multiline), invalid UTF-8 and text longer than max characters. The site
// shows these texts as text, never as HTML, so markup is harmless and kept.
func plainText(field, v string, max int, multiline bool) error {
	if !utf8.ValidString(v) {
		return &SettingError{Field: field, Reason: "not valid UTF-8"}
	}
	if n := utf8.RuneCountInString(v); n > max {
		return &SettingError{Field: field, Reason: fmt.Sprintf("at most %d characters", max)}
	}
	for _, r := range v {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
			return &SettingError{Field: field, Reason: "contains control characters"}
		}
	}
	return nil
}
