package config

import (
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr bool
		check   func(t *testing.T, c Config)
	}{
		{"defaults", nil, false, func(t *testing.T, c Config) {
			if c.Addr != ":8080" || c.DB != "data/portal.db" || c.Dev || c.WatchInterval != 2*time.Second {
				t.Errorf("defaults = %+v", c)
			}
		}},
		{"postgres and proxies", map[string]string{
			"PORTAL_DB": "postgres://x@h/db", "PORTAL_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1", "PORTAL_DEV": "1",
		}, false, func(t *testing.T, c Config) {
			if c.DB != "postgres://x@h/db" || len(c.TrustedProxies) != 2 || !c.Dev {
				t.Errorf("got %+v", c)
			}
			if c.TrustedProxies[1].String() != "127.0.0.1/32" {
				t.Errorf("single address = %s", c.TrustedProxies[1])
			}
		}},
		{"compression off", map[string]string{"PORTAL_COMPRESS": "off"}, false, func(t *testing.T, c Config) {
			if !c.NoCompression {
				t.Error("PORTAL_COMPRESS=off ignored")
			}
		}},
		{"profiler on loopback", map[string]string{"PORTAL_PPROF": "127.0.0.1:6060"}, false, func(t *testing.T, c Config) {
			if c.ProfileAddr != "127.0.0.1:6060" {
				t.Errorf("ProfileAddr = %q", c.ProfileAddr)
			}
		}},
		{"profiler on localhost", map[string]string{"PORTAL_PPROF": "localhost:6060"}, false, nil},
		{"profiler on ::1", map[string]string{"PORTAL_PPROF": "[::1]:6060"}, false, nil},
		{"profiler on every interface", map[string]string{"PORTAL_PPROF": ":6060"}, true, nil},
		{"profiler on a public address", map[string]string{"PORTAL_PPROF": "0.0.0.0:6060"}, true, nil},
		{"profiler without port", map[string]string{"PORTAL_PPROF": "127.0.0.1"}, true, nil},
		{"bad proxy", map[string]string{"PORTAL_TRUSTED_PROXIES": "nope"}, true, nil},
		{"bad level", map[string]string{"PORTAL_LOG_LEVEL": "loud"}, true, nil},
		{"watch too slow", map[string]string{"PORTAL_WATCH_INTERVAL": "10s"}, true, nil},
	}
	// PORTAL_DB: every SQLite form becomes the plain path the database
	// opens; any other scheme stops the start (it used to make a file
	// named "sqlite:" in the working folder).
	for _, db := range []struct{ value, want string }{
		{"/var/lib/portal/portal.db", "/var/lib/portal/portal.db"},
		{"data/p.db", "data/p.db"},
		{"./data/p.db", "data/p.db"},
		{"sqlite:///var/lib/portal/portal.db", "/var/lib/portal/portal.db"},
		{"SQLITE:///var/lib/portal/portal.db", "/var/lib/portal/portal.db"},
		{"sqlite://localhost/var/lib/portal/portal.db", "/var/lib/portal/portal.db"},
		{"sqlite:/var/lib/portal/portal.db", "/var/lib/portal/portal.db"},
		{"sqlite:data/p.db", "data/p.db"},
		{"sqlite:///var/lib/my%20portal.db", "/var/lib/my portal.db"},
		{"file:///var/lib/portal/portal.db", "/var/lib/portal/portal.db"},
		{"file:/var/lib/portal/portal.db", "/var/lib/portal/portal.db"},
		{"file:data/p.db", "data/p.db"},
		{"postgresql://u@h:5432/db?sslmode=disable", "postgresql://u@h:5432/db?sslmode=disable"},
		{"mysql://u@h/db", ""},
		{"sqlite://data/p.db", ""},
		{"sqlite:///var/lib/p.db?mode=ro", ""},
		{"file:p.db#x", ""},
		{"sqlite://", ""},
		{"sqlite:", ""},
		{"file::memory:", ""},
		{"sqlite:///var/%zz.db", ""},
		{"redis://h:6379", ""},
	} {
		want := db.want
		tests = append(tests, struct {
			name    string
			env     map[string]string
			wantErr bool
			check   func(t *testing.T, c Config)
		}{"PORTAL_DB=" + db.value, map[string]string{"PORTAL_DB": db.value}, want == "", func(t *testing.T, c Config) {
			if want != "" && c.DB != want {
				t.Errorf("DB = %q, want %q", c.DB, want)
			}
		}})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(func(k string) string { return tt.env[k] })
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if tt.check != nil {
				tt.check(t, c)
			}
		})
	}
}
