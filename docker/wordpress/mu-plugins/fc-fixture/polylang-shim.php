<?php
/**
 * A stand-in for Polylang where Polylang is not installed (Debian has no package of it): the
 * part of its API the site and the fc-headless plugin use, with the same storage of translation
 * groups (a `post_translations` / `term_translations` term whose description is the serialized
 * `[lang => id]` map, as Polylang keeps them) and the language of each item in meta
 * (`_pll_lang`; Polylang uses a `language` taxonomy instead). It also does what Polylang does
 * with its `lang` query argument, with Italian permalinks under /it/ (directory mode) and the
 * Italian location names of menus (`header___it`).
 *
 * Loaded by fc-fixture.php on plugins_loaded, only when Polylang is absent.
 *
 * @package FC_Fixture
 */

defined( 'ABSPATH' ) || exit;

const FC_PLL_LANGUAGES = array(
	'en' => array( 'name' => 'English', 'locale' => 'en_US' ),
	'it' => array( 'name' => 'Italiano', 'locale' => 'it_IT' ),
);
const FC_PLL_DEFAULT = 'en';

/** Translated archive words (Polylang Pro's translated slugs; the demo catalogue's permalinks). */
const FC_PLL_ARCHIVE_WORDS = array(
	'products'           => array( 'en' => 'products', 'it' => 'prodotti' ),
	'collections'        => array( 'en' => 'collections', 'it' => 'collezioni' ),
	'exclusives'         => array( 'en' => 'exclusives', 'it' => 'esclusivi' ),
	'designers'          => array( 'en' => 'designers', 'it' => 'designer' ),
	'projects'           => array( 'en' => 'projects', 'it' => 'progetti' ),
	'imagemap_products'  => array( 'en' => 'imagemaps', 'it' => 'imagemap' ),
	'product_categories' => array( 'en' => 'product-categories', 'it' => 'categorie-prodotto' ),
	'product_colors'     => array( 'en' => 'product-colors', 'it' => 'colori-prodotto' ),
);

// ——— Polylang's API ———————————————————————————————————————————————————————————

function pll_languages_list( $args = array() ) {
	$field = is_array( $args ) && isset( $args['fields'] ) ? $args['fields'] : 'slug';
	$out   = array();
	foreach ( FC_PLL_LANGUAGES as $slug => $language ) {
		$out[] = 'slug' === $field ? $slug : ( $language[ $field ] ?? $slug );
	}
	return $out;
}

function pll_default_language( $field = 'slug' ) {
	return 'slug' === $field ? FC_PLL_DEFAULT : ( FC_PLL_LANGUAGES[ FC_PLL_DEFAULT ][ $field ] ?? FC_PLL_DEFAULT );
}

function pll_current_language( $field = 'slug' ) {
	return false;
}

function pll_home_url( $lang = '' ) {
	return ( $lang && FC_PLL_DEFAULT !== $lang ) ? home_url( "/{$lang}/" ) : home_url( '/' );
}

function pll_is_translated_post_type( $post_type ) {
	return in_array( $post_type, fc_pll_post_types(), true );
}

function pll_is_translated_taxonomy( $taxonomy ) {
	return in_array( $taxonomy, array( 'product_categories', 'product_colors' ), true );
}

function pll_get_post_language( $post_id, $field = 'slug' ) {
	$lang = get_post_meta( (int) $post_id, '_pll_lang', true );
	return is_string( $lang ) && isset( FC_PLL_LANGUAGES[ $lang ] ) ? fc_pll_field( $lang, $field ) : false;
}

function pll_set_post_language( $post_id, $lang ) {
	if ( isset( FC_PLL_LANGUAGES[ $lang ] ) ) {
		update_post_meta( (int) $post_id, '_pll_lang', $lang );
	}
}

function pll_get_post_translations( $post_id ) {
	return fc_pll_translations( 'post', (int) $post_id );
}

function pll_save_post_translations( $arr ) {
	return fc_pll_save_translations( 'post', (array) $arr );
}

function pll_get_post( $post_id, $lang = '' ) {
	$lang         = $lang ? $lang : FC_PLL_DEFAULT;
	$translations = pll_get_post_translations( $post_id );
	return $translations[ $lang ] ?? false;
}

function pll_get_term_language( $term_id, $field = 'slug' ) {
	$lang = get_term_meta( (int) $term_id, '_pll_lang', true );
	return is_string( $lang ) && isset( FC_PLL_LANGUAGES[ $lang ] ) ? fc_pll_field( $lang, $field ) : false;
}

function pll_set_term_language( $term_id, $lang ) {
	if ( isset( FC_PLL_LANGUAGES[ $lang ] ) ) {
		update_term_meta( (int) $term_id, '_pll_lang', $lang );
	}
}

function pll_get_term_translations( $term_id ) {
	return fc_pll_translations( 'term', (int) $term_id );
}

function pll_save_term_translations( $arr ) {
	return fc_pll_save_translations( 'term', (array) $arr );
}

function pll_get_term( $term_id, $lang = '' ) {
	$lang         = $lang ? $lang : FC_PLL_DEFAULT;
	$translations = pll_get_term_translations( $term_id );
	return $translations[ $lang ] ?? false;
}

// ——— storage ——————————————————————————————————————————————————————————————————

function fc_pll_field( string $lang, string $field ) {
	return 'slug' === $field ? $lang : ( FC_PLL_LANGUAGES[ $lang ][ $field ] ?? $lang );
}

function fc_pll_post_types(): array {
	return array( 'page', 'attachment', 'products', 'collections', 'exclusives', 'designers', 'projects', 'imagemap_products' );
}

add_action(
	'init',
	static function () {
		$hidden = array(
			'label'                 => false,
			'public'                => false,
			'query_var'             => false,
			'rewrite'               => false,
			'show_in_rest'          => false,
			'update_count_callback' => '_update_generic_term_count',
		);
		register_taxonomy( 'post_translations', fc_pll_post_types(), $hidden );
		register_taxonomy( 'term_translations', 'term', $hidden );
	},
	6
);

// Polylang names each menu location per language: `header` for English, `header___it` for Italian.
add_action(
	'after_setup_theme',
	static function () {
		$locations = get_registered_nav_menus();
		foreach ( $locations as $location => $label ) {
			if ( false !== strpos( $location, '___' ) ) {
				continue;
			}
			foreach ( array_keys( FC_PLL_LANGUAGES ) as $lang ) {
				if ( FC_PLL_DEFAULT !== $lang ) {
					register_nav_menus( array( "{$location}___{$lang}" => "{$label} ({$lang})" ) );
				}
			}
		}
	},
	20
);

function fc_pll_language( string $kind, int $id ) {
	return 'post' === $kind ? pll_get_post_language( $id ) : pll_get_term_language( $id );
}

function fc_pll_group( string $kind, int $id ): ?WP_Term {
	$taxonomy = 'post' === $kind ? 'post_translations' : 'term_translations';
	$terms    = 'post' === $kind ? get_the_terms( $id, $taxonomy ) : wp_get_object_terms( $id, $taxonomy );
	return is_array( $terms ) && ! empty( $terms ) && reset( $terms ) instanceof WP_Term ? reset( $terms ) : null;
}

function fc_pll_group_members( ?WP_Term $group ): array {
	if ( ! $group ) {
		return array();
	}
	$members = maybe_unserialize( $group->description );
	if ( ! is_array( $members ) ) {
		return array();
	}
	$out = array();
	foreach ( $members as $lang => $id ) {
		if ( isset( FC_PLL_LANGUAGES[ $lang ] ) && (int) $id > 0 ) {
			$out[ $lang ] = (int) $id;
		}
	}
	return $out;
}

/** An item's translations, itself included (as Polylang's get_translations returns them). */
function fc_pll_translations( string $kind, int $id ): array {
	if ( $id <= 0 ) {
		return array();
	}
	$translations = fc_pll_group_members( fc_pll_group( $kind, $id ) );
	$lang         = fc_pll_language( $kind, $id );
	return $lang ? array_merge( array( $lang => $id ), $translations ) : $translations;
}

/** Polylang's save_translations: unlink what left the group, then link the group's members. */
function fc_pll_save_translations( string $kind, array $translations ): array {
	$taxonomy = 'post' === $kind ? 'post_translations' : 'term_translations';
	$valid    = array();
	foreach ( $translations as $lang => $id ) {
		$id = (int) $id;
		if ( $id > 0 && isset( FC_PLL_LANGUAGES[ $lang ] ) && fc_pll_language( $kind, $id ) === $lang ) {
			$valid[ $lang ] = $id;
		}
	}
	$first = reset( $valid );
	if ( ! $first ) {
		return array();
	}
	$old = fc_pll_translations( $kind, $first );
	foreach ( array_diff_assoc( $old, $valid ) as $removed ) {
		fc_pll_unlink( $kind, (int) $removed );
	}
	if ( count( $valid ) < 2 ) {
		return $valid;
	}
	if ( empty( array_diff_assoc( $valid, fc_pll_translations( $kind, $first ) ) ) ) {
		return $valid;
	}
	$groups = array();
	foreach ( $valid as $id ) {
		$group = fc_pll_group( $kind, $id );
		if ( $group ) {
			$groups[ $group->term_id ] = $group;
		}
	}
	$group = reset( $groups );
	if ( $group ) {
		$group_id = (int) $group->term_id;
		wp_update_term( $group_id, $taxonomy, array( 'description' => maybe_serialize( $valid ) ) );
	} else {
		$created  = wp_insert_term( uniqid( 'pll_' ), $taxonomy, array( 'description' => maybe_serialize( $valid ) ) );
		$group_id = is_wp_error( $created ) ? 0 : (int) $created['term_id'];
	}
	if ( ! $group_id ) {
		return array();
	}
	foreach ( $valid as $id ) {
		wp_set_object_terms( $id, array( $group_id ), $taxonomy );
		if ( 'post' === $kind ) {
			clean_object_term_cache( $id, get_post_type( $id ) );
		}
	}
	foreach ( $groups as $other ) {
		if ( (int) $other->term_id !== $group_id ) {
			wp_delete_term( (int) $other->term_id, $taxonomy );
		}
	}
	return $valid;
}

/** Polylang's delete_translation: the item leaves its group (an emptied group is deleted). */
function fc_pll_unlink( string $kind, int $id ): void {
	$taxonomy = 'post' === $kind ? 'post_translations' : 'term_translations';
	$group    = fc_pll_group( $kind, $id );
	if ( ! $group ) {
		return;
	}
	$members = array_filter( fc_pll_group_members( $group ), static fn( $member ) => $member !== $id );
	wp_remove_object_terms( $id, array( (int) $group->term_id ), $taxonomy );
	if ( count( $members ) < 2 ) {
		wp_delete_term( (int) $group->term_id, $taxonomy );
	} else {
		wp_update_term( (int) $group->term_id, $taxonomy, array( 'description' => maybe_serialize( $members ) ) );
	}
}

// ——— the `lang` query argument ———————————————————————————————————————————————————

function fc_pll_lang_clause( $lang ): ?array {
	$langs = array_values( array_intersect( is_array( $lang ) ? $lang : explode( ',', (string) $lang ), array_keys( FC_PLL_LANGUAGES ) ) );
	return $langs ? array( 'key' => '_pll_lang', 'value' => $langs, 'compare' => 'IN' ) : null;
}

add_action(
	'pre_get_posts',
	static function ( WP_Query $query ) {
		$lang = $query->get( 'lang' );
		if ( ! $lang ) {
			return;
		}
		$clause = fc_pll_lang_clause( $lang );
		if ( $clause ) {
			$meta   = $query->get( 'meta_query' );
			$meta   = is_array( $meta ) ? $meta : array();
			$meta[] = $clause;
			$query->set( 'meta_query', $meta );
		}
	}
);

add_action(
	'pre_get_terms',
	static function ( WP_Term_Query $query ) {
		if ( empty( $query->query_vars['lang'] ) ) {
			return;
		}
		$clause = fc_pll_lang_clause( $query->query_vars['lang'] );
		if ( $clause ) {
			$meta                             = $query->query_vars['meta_query'] ?? array();
			$meta                             = is_array( $meta ) ? $meta : array();
			$meta[]                           = $clause;
			$query->query_vars['meta_query'] = $meta;
		}
	}
);

// ——— permalinks in directory mode ————————————————————————————————————————————————

function fc_pll_localize_link( string $link, string $lang, ?string $word_key ): string {
	if ( FC_PLL_DEFAULT === $lang || false !== strpos( $link, '?' ) ) {
		return $link;
	}
	$home = untrailingslashit( home_url() );
	if ( 0 !== strpos( $link, $home ) ) {
		return $link;
	}
	$path = substr( $link, strlen( $home ) );
	if ( $word_key && isset( FC_PLL_ARCHIVE_WORDS[ $word_key ] ) ) {
		$words = FC_PLL_ARCHIVE_WORDS[ $word_key ];
		$en    = '/' . $words['en'] . '/';
		if ( 0 === strpos( $path, $en ) ) {
			$path = '/' . $words[ $lang ] . '/' . substr( $path, strlen( $en ) );
		}
	}
	return $home . '/' . $lang . $path;
}

add_filter(
	'post_type_link',
	static function ( $link, $post ) {
		$lang = pll_get_post_language( $post->ID );
		return $lang ? fc_pll_localize_link( $link, $lang, $post->post_type ) : $link;
	},
	5,
	2
);

add_filter(
	'page_link',
	static function ( $link, $post_id ) {
		$lang = pll_get_post_language( $post_id );
		if ( ! $lang || FC_PLL_DEFAULT === $lang ) {
			return $link;
		}
		$front = (int) get_option( 'page_on_front' );
		if ( $front && pll_get_post( $front, $lang ) === (int) $post_id && 'publish' === get_post_status( $post_id ) ) {
			return pll_home_url( $lang );
		}
		return fc_pll_localize_link( $link, $lang, null );
	},
	5,
	2
);

add_filter(
	'term_link',
	static function ( $link, $term, $taxonomy ) {
		$lang = pll_get_term_language( $term->term_id );
		return $lang ? fc_pll_localize_link( $link, $lang, $taxonomy ) : $link;
	},
	5,
	3
);

// ——— new items and new translations (what Polylang does in wp-admin) ——————————————————————

/**
 * Polylang gives every new post and term of a translated type a language: the one of the
 * translation being added ("+" in the Languages column: `new_lang`, `from_post` / `from_tag`), or
 * the default language. A new translation is linked to its source at once, and starts with the
 * source's language-neutral custom fields (those `pll_copy_post_metas` names, each passed through
 * `pll_translate_post_meta`), as Polylang's synchronisation copies them.
 */
function fc_pll_requested_language(): string {
	$lang = isset( $_REQUEST['new_lang'] ) ? sanitize_key( wp_unslash( $_REQUEST['new_lang'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification
	return isset( FC_PLL_LANGUAGES[ $lang ] ) ? $lang : FC_PLL_DEFAULT;
}

add_action(
	'wp_insert_post',
	static function ( $post_id, $post ) {
		if ( ! $post instanceof WP_Post || 'revision' === $post->post_type || ! pll_is_translated_post_type( $post->post_type ) || pll_get_post_language( $post_id ) ) {
			return;
		}
		$lang = fc_pll_requested_language();
		pll_set_post_language( $post_id, $lang );
		$from = isset( $_GET['from_post'] ) ? absint( $_GET['from_post'] ) : 0; // phpcs:ignore WordPress.Security.NonceVerification
		$source_lang = $from ? pll_get_post_language( $from ) : false;
		if ( ! $source_lang || $source_lang === $lang || get_post_type( $from ) !== $post->post_type ) {
			return;
		}
		pll_save_post_translations( array_merge( pll_get_post_translations( $from ), array( $lang => (int) $post_id ) ) );
		$keys = apply_filters( 'pll_copy_post_metas', array(), false, $from, (int) $post_id, $lang );
		foreach ( (array) $keys as $key ) {
			if ( metadata_exists( 'post', $from, $key ) ) {
				$value = apply_filters( 'pll_translate_post_meta', get_post_meta( $from, $key, true ), $key, $lang, $from, (int) $post_id );
				update_post_meta( (int) $post_id, $key, $value );
			}
		}
	},
	5,
	2
);

add_action(
	'created_term',
	static function ( $term_id, $tt_id, $taxonomy ) {
		if ( pll_is_translated_taxonomy( $taxonomy ) && ! pll_get_term_language( $term_id ) ) {
			pll_set_term_language( $term_id, fc_pll_requested_language() );
		}
	},
	5,
	3
);
