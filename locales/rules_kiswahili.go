package locales

func init() {
	// engine/kiswahili.go; docs/sources/bao-rules.md S1-S14, R1, R2.
	registerRules("bao", &ruleSet{
		bot: "rules_bot_bao4",
		args: func(o map[string]string) map[string]any {
			h := atoi(o["house_seeds"])
			return map[string]any{"N": 16, "House": h, "Hand": 32 - h - 4}
		},
		sections: func(o map[string]string) [][2]string {
			s := [][2]string{
				{"rules_h_setup", "rules_bao_setup"},
				{"rules_h_namua", "rules_bao_namua_" + o["namua_restrictions"]},
				{"rules_h_capture", "rules_bao_capture"},
				{"rules_h_nyumba", "rules_bao_nyumba_" + o["house_capture"]},
				{"rules_h_safari", "rules_bao_safari_" + o["namua_house"]},
				{"rules_h_mtaji", "rules_bao_mtaji"},
				{"rules_h_takasa", "rules_bao_takasa_" + o["suicide"]},
			}
			if o["takasia"] == "true" {
				s = append(s, [2]string{"rules_h_takasia", "rules_bao_takasia"})
			}
			return append(s,
				[2]string{"rules_h_endless", "rules_bao-kujifunza_endless_" + o["infinite"]},
				[2]string{"rules_h_end", "rules_bao-kujifunza_end_" + o["wipe"]})
		},
	})
}
