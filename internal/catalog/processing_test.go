package catalog

import (
	"strings"
	"testing"
)

func lanesOf(spec string) []Lane {
	// spec: "RNG:PG,PGE SPORTS:SABA,IA" -> lanes with those cards
	var out []Lane
	for _, part := range strings.Fields(spec) {
		typ, cards, _ := strings.Cut(part, ":")
		l := Lane{GameType: typ}
		for _, c := range strings.Split(cards, ",") {
			if c != "" {
				l.Cards = append(l.Cards, Card{Vassalage: c, GameType: typ})
			}
		}
		out = append(out, l)
	}
	return out
}

func describe(lanes []Lane) string {
	var parts []string
	for _, l := range lanes {
		var cards []string
		for _, c := range l.Cards {
			if c.GameType != l.GameType {
				cards = append(cards, c.Vassalage+"!")
				continue
			}
			cards = append(cards, c.Vassalage)
		}
		parts = append(parts, l.GameType+":"+strings.Join(cards, ","))
	}
	return strings.Join(parts, " ")
}

func TestProcessLanes(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"nothing to move", "RNG:PG,JDB LIVE:EVO", "RNG:PG,JDB LIVE:EVO"},
		{"esports out of sports, last", "SPORTS:SABA,IA,TF LIVE:EVO", "SPORTS:SABA LIVE:EVO ESPORTS:IA,TF"},
		{"in-house out of slots, first", "LIVE:EVO RNG:PG,PGE", "INHOUSE:PGE LIVE:EVO RNG:PG"},
		{"both", "RNG:PGE,PG SPORTS:IA,SABA LOTT:LOTT", "INHOUSE:PGE RNG:PG SPORTS:SABA LOTT:LOTT ESPORTS:IA"},
		{"emptied lanes dropped", "RNG:PGE SPORTS:IA,TF LIVE:EVO", "INHOUSE:PGE LIVE:EVO ESPORTS:IA,TF"},
		{"empty lanes from the server dropped", "RNG: LIVE:EVO COCKFIGHT:", "LIVE:EVO"},
		{"esports outside sports stay", "LIVE:IA", "LIVE:IA"},
		{"nothing", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := lanesOf(tt.in)
			before := describe(in)
			got := describe(ProcessLanes(in, EsportsVendors, InhouseVendors))
			if got != tt.want {
				t.Fatalf("ProcessLanes(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if describe(in) != before {
				t.Fatalf("input changed: %q", describe(in))
			}
		})
	}
}

func TestPrizeMode(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"LOTT:TCG_LOTTO_VN,TCG_SEA", PrizeModeELott},
		{"LOTT:LOTT", PrizeModeELott},
		{"LOTT:TCG_SEA", PrizeModeLott},
		{"ELOTT:LOTT", PrizeModeLott}, // a LOTT card outside the lottery lane
		{"RNG:PG", PrizeModeLott},
		{"", PrizeModeLott},
	}
	for _, tt := range tests {
		if got := PrizeMode(lanesOf(tt.in)); got != tt.want {
			t.Errorf("PrizeMode(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
