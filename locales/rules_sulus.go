package locales

func init() {
	// engine/sulus.go; docs/sources/more-games-rules.md §9.
	registerRules("sulus", &ruleSet{
		bot:  "rules_gabata_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_sulus_setup"},
				{"rules_h_sowing", "rules_sulus_sowing"},
				{"rules_h_sulus_traps", pick(o["rule"] == "aydi", "rules_sulus_traps_aydi", "rules_sulus_traps_nishtav")},
				{"rules_h_end", "rules_sulus_end"},
			}
		},
	})
}
