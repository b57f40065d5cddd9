package locales

func init() {
	registerRules("bao-kujifunza", &ruleSet{
		bot:  "rules_bot_bao4",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 16} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_bao-kujifunza_setup"},
				{"rules_h_sowing", "rules_bao-kujifunza_sowing"},
				{"rules_h_capture", "rules_bao-kujifunza_capture"},
				{"rules_h_takasa", "rules_bao-kujifunza_takasa_" + o["suicide"]},
				{"rules_h_endless", "rules_bao-kujifunza_endless_" + o["infinite"]},
				{"rules_h_end", "rules_bao-kujifunza_end_" + o["wipe"]},
			}
		},
	})
}
