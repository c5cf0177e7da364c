<?php
/**
 * The fixture's command line (php-cli, run inside WordPress; no WP-CLI needed):
 *
 *   php wp.php --path=/srv/wordpress install [--title=FC] [--admin-password=…]
 *       wp_install() without network, FC's settings (permalinks, time zone, media sizes), the
 *       headless theme, the editor account and a read-only reader account, each with an
 *       application password. Prints JSON: {"admin": {"user", "id", "app_password"}, "reader": {…}}.
 *   php wp.php --path=… seed catalogue.json
 *       Imports the demo catalogue exported by export-demo.ts with the demo's own ids (posts with
 *       import_id, terms in sequence), meta, terms, translations, menus and the front page.
 *       Prints JSON: {"posts", "terms", "menus", "ids": {"<demo id>": <wordpress id>}, "moved": […]}.
 *   php wp.php --path=… activate fc-headless/fc-headless.php
 *   php wp.php --path=… eval 'return get_option("home");'
 *       Runs PHP inside WordPress as user 1 and prints the returned value as JSON.
 *
 * @package FC_Fixture
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

$fc_args    = array_slice( $argv, 1 );
$fc_path    = null;
$fc_options = array();
$fc_rest    = array();
foreach ( $fc_args as $fc_arg ) {
	if ( preg_match( '/^--([a-z-]+)=(.*)$/s', $fc_arg, $fc_match ) ) {
		$fc_options[ $fc_match[1] ] = $fc_match[2];
	} else {
		$fc_rest[] = $fc_arg;
	}
}
$fc_path    = $fc_options['path'] ?? getcwd();
$fc_command = $fc_rest[0] ?? '';
if ( ! is_file( $fc_path . '/wp-config.php' ) ) {
	fwrite( STDERR, "no wp-config.php in {$fc_path}\n" );
	exit( 2 );
}

// A request as WordPress expects to see one, on the host wp-config.php names.
$fc_config = file_get_contents( $fc_path . '/wp-config.php' );
$fc_home   = preg_match( "/define\(\s*'WP_HOME',\s*'([^']+)'/", $fc_config, $fc_m ) ? $fc_m[1] : 'http://localhost';
$fc_host   = parse_url( $fc_home, PHP_URL_HOST ) . ( parse_url( $fc_home, PHP_URL_PORT ) ? ':' . parse_url( $fc_home, PHP_URL_PORT ) : '' );
$_SERVER['HTTP_HOST']       = $fc_host;
$_SERVER['SERVER_NAME']     = (string) parse_url( $fc_home, PHP_URL_HOST );
$_SERVER['SERVER_PORT']     = (string) ( parse_url( $fc_home, PHP_URL_PORT ) ?? 80 );
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';

if ( 'install' === $fc_command ) {
	define( 'WP_INSTALLING', true );
}
require $fc_path . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/nav-menu.php';

// Installing and seeding talk to no one (wp_install checks permalinks over HTTP); `eval` and
// `activate` run as WordPress would, webhooks included.
in_array( $fc_command, array( 'install', 'seed' ), true ) && add_filter(
	'pre_http_request',
	static function ( $pre, $args, $url ) {
		return new WP_Error( 'fc_fixture_offline', "No HTTP during setup: {$url}" );
	},
	10,
	3
);

// …and sends no mail (wp_install notifies the new administrator).
add_filter( 'pre_wp_mail', '__return_false' );

function fc_out( $value ): void {
	echo wp_json_encode( $value, JSON_UNESCAPED_SLASHES ), "\n";
}

function fc_fail( string $message ): void {
	fwrite( STDERR, $message . "\n" );
	exit( 1 );
}

switch ( $fc_command ) {
	case 'install':
		fc_out( fc_install( $fc_options ) );
		break;
	case 'seed':
		fc_out( fc_seed( $fc_rest[1] ?? '' ) );
		break;
	case 'activate':
		wp_set_current_user( 1 );
		$fc_result = activate_plugin( $fc_rest[1] ?? '' );
		if ( is_wp_error( $fc_result ) ) {
			fc_fail( $fc_result->get_error_message() );
		}
		fc_out( array( 'active' => get_option( 'active_plugins' ) ) );
		break;
	case 'eval':
		wp_set_current_user( 1 );
		$fc_value = eval( $fc_rest[1] ?? 'return null;' ); // phpcs:ignore Squiz.PHP.Eval
		fc_out( $fc_value );
		break;
	default:
		fc_fail( 'usage: php wp.php --path=DIR install|seed FILE|activate PLUGIN|eval CODE' );
}

// ——— install ——————————————————————————————————————————————————————————————————————

function fc_install( array $options ): array {
	global $wpdb;
	if ( is_blog_installed() ) {
		fc_fail( 'WordPress is already installed in this database' );
	}
	$password = $options['admin-password'] ?? wp_generate_password( 24 );
	$result   = wp_install( $options['title'] ?? 'FC', 'redazione', 'redazione@example.com', false, '', $password );
	if ( is_wp_error( $result ) ) {
		fc_fail( $result->get_error_message() );
	}
	$admin = (int) $result['user_id'];

	// FC's settings: pretty permalinks, Europe/Rome, its media sizes, no comments.
	$settings = array(
		'permalink_structure'           => '/%postname%/',
		'timezone_string'               => 'Europe/Rome',
		'gmt_offset'                    => '',
		'date_format'                   => 'j F Y',
		'time_format'                   => 'H:i',
		'start_of_week'                 => 1,
		'blogdescription'               => 'Contemporary porcelain objects',
		'thumbnail_size_w'              => 150,
		'thumbnail_size_h'              => 150,
		'thumbnail_crop'                => 1,
		'medium_size_w'                 => 300,
		'medium_size_h'                 => 300,
		'medium_large_size_w'           => 768,
		'medium_large_size_h'           => 0,
		'large_size_w'                  => 1024,
		'large_size_h'                  => 0,
		'uploads_use_yearmonth_folders' => 1,
		'default_comment_status'        => 'closed',
		'default_ping_status'           => 'closed',
		'default_pingback_flag'         => 0,
		'blog_public'                   => 0,
	);
	foreach ( $settings as $name => $value ) {
		update_option( $name, $value );
	}
	if ( wp_get_theme( 'fc-blank' )->exists() ) {
		switch_theme( 'fc-blank' );
	}

	// WordPress's sample content would show up in lists the demo does not have.
	foreach ( get_posts( array( 'post_type' => 'any', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) as $id ) {
		wp_delete_post( $id, true );
	}
	$wpdb->query( "DELETE FROM {$wpdb->comments}" );

	wp_update_user(
		array(
			'ID'            => $admin,
			'display_name'  => 'Redazione FC',
			'nickname'      => 'Redazione FC',
			'first_name'    => 'Redazione',
			'last_name'     => 'FC',
			'user_nicename' => 'redazione',
			'user_url'      => '',
			'description'   => '',
		)
	);
	$reader = wp_insert_user(
		array(
			'user_login'   => 'fc-site',
			'user_pass'    => wp_generate_password( 24 ),
			'user_email'   => 'site@example.com',
			'display_name' => 'FC site (read-only)',
			'role'         => 'subscriber',
		)
	);
	if ( is_wp_error( $reader ) ) {
		fc_fail( $reader->get_error_message() );
	}

	$out = array();
	foreach ( array( 'admin' => $admin, 'reader' => (int) $reader ) as $role => $user_id ) {
		$created = WP_Application_Passwords::create_new_application_password( $user_id, array( 'name' => 'fc-tests' ) );
		if ( is_wp_error( $created ) ) {
			fc_fail( $created->get_error_message() );
		}
		$out[ $role ] = array(
			'id'           => $user_id,
			'user'         => get_userdata( $user_id )->user_login,
			'app_password' => WP_Application_Passwords::chunk_password( $created[0] ),
		);
	}
	$out['password'] = $password;
	flush_rewrite_rules( false );
	return $out;
}

// ——— seed ———————————————————————————————————————————————————————————————————————

function fc_seed( string $file ): array {
	global $wpdb;
	$data = json_decode( (string) file_get_contents( $file ), true );
	if ( ! is_array( $data ) || empty( $data['posts'] ) ) {
		fc_fail( "not a catalogue export: {$file}" );
	}
	// Without a language plugin (FC_FIXTURE_POLYLANG false) the export holds one language and
	// the languages and translations below are left out.
	$pll = function_exists( 'pll_set_post_language' );
	wp_set_current_user( 1 ); // unfiltered_html: content is stored as the editors wrote it
	add_filter( 'wp_revisions_to_keep', '__return_zero' );
	wp_defer_term_counting( true );
	wp_suspend_cache_invalidation( false );

	// The demo's own company pages replace the drafts fc-catalogue offered on activation (their
	// slugs would otherwise be taken), with their translation groups (terms: the demo's terms
	// take the ids that follow WordPress's own, below).
	foreach ( get_posts( array( 'post_type' => 'page', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'meta_key' => '_fc_catalogue_company_page', 'lang' => '' ) ) as $offered ) { // phpcs:ignore WordPress.DB.SlowDBQuery
		foreach ( taxonomy_exists( 'post_translations' ) ? wp_get_object_terms( (int) $offered, 'post_translations', array( 'fields' => 'ids' ) ) : array() as $group ) {
			wp_delete_term( (int) $group, 'post_translations' );
		}
		wp_delete_post( (int) $offered, true );
	}

	$home  = untrailingslashit( home_url() );
	$fill  = static fn( string $html ): string => str_replace( '{{wp}}', $home, $html );
	$ids   = array();
	$moved = array();
	$note  = static function ( int $wanted, int $got ) use ( &$ids, &$moved ): void {
		$ids[ $wanted ] = $got;
		if ( $wanted !== $got ) {
			$moved[] = array( $wanted, $got );
		}
	};

	// Terms take the ids that follow WordPress's "Uncategorized" (and, in the demo's story,
	// Polylang's language terms): one sequence, in order, so each insert gets the next id.
	$first_term = (int) ( $data['terms'][0]['id'] ?? 0 );
	if ( $first_term > 0 ) {
		$wpdb->query( $wpdb->prepare( "ALTER TABLE {$wpdb->terms} AUTO_INCREMENT = %d", $first_term ) );
	}
	// One transaction (after the ALTER, which would commit it): one log flush instead of thousands.
	$wpdb->query( 'START TRANSACTION' );
	$term_ids = array();
	foreach ( $data['terms'] as $term ) {
		$created = wp_insert_term(
			$term['name'],
			$term['taxonomy'],
			array(
				'slug'        => $term['slug'],
				'description' => $term['description'],
				'parent'      => $term['parent'] ? ( $term_ids[ $term['parent'] ] ?? 0 ) : 0,
			)
		);
		if ( is_wp_error( $created ) ) {
			fc_fail( "term {$term['slug']}: " . $created->get_error_message() );
		}
		$term_ids[ (int) $term['id'] ] = (int) $created['term_id'];
		foreach ( $term['meta'] as $key => $value ) {
			update_term_meta( (int) $created['term_id'], $key, $value );
		}
		if ( $pll ) {
			pll_set_term_language( (int) $created['term_id'], $term['lang'] );
		}
	}

	// Posts and attachments keep their ids (import_id), so every reference between them holds.
	$uploads = wp_get_upload_dir();
	foreach ( $data['posts'] as $post ) {
		$date = str_replace( 'T', ' ', $post['date'] );
		$args = array(
			'import_id'      => (int) $post['id'],
			'post_type'      => $post['type'],
			'post_status'    => $post['status'],
			'post_author'    => (int) $post['author'],
			'post_parent'    => (int) $post['parent'],
			'menu_order'     => (int) $post['menu_order'],
			'post_title'     => $post['title'],
			'post_content'   => $fill( $post['content'] ),
			'post_excerpt'   => $post['excerpt'],
			'post_password'  => $post['password'],
			'post_name'      => $post['slug'],
			'post_date'      => $date,
			'post_date_gmt'  => get_gmt_from_date( $date ),
			'comment_status' => 'closed',
			'ping_status'    => 'closed',
			// WordPress's own form of a guid (never a permalink: it must not change).
			'guid'           => 'page' === $post['type'] ? home_url( "/?page_id={$post['id']}" ) : home_url( "/?post_type={$post['type']}&p={$post['id']}" ),
		);
		if ( 'attachment' === $post['type'] ) {
			$a                      = $post['attachment'];
			$args['post_mime_type'] = $a['mime_type'];
			$args['post_excerpt']   = $a['caption'];
			$args['guid']           = $uploads['baseurl'] . '/' . $a['file'];
			$id                     = wp_insert_attachment( $args, false, (int) $post['parent'], true );
		} else {
			$id = wp_insert_post( $args, true );
		}
		if ( is_wp_error( $id ) || ! $id ) {
			fc_fail( "post {$post['id']} ({$post['slug']}): " . ( is_wp_error( $id ) ? $id->get_error_message() : 'not created' ) );
		}
		$id = (int) $id;
		$note( (int) $post['id'], $id );
		if ( 'attachment' === $post['type'] ) {
			$a = $post['attachment'];
			update_post_meta( $id, '_wp_attached_file', $a['file'] );
			update_post_meta( $id, '_wp_attachment_image_alt', $a['alt'] );
			$sizes = array();
			foreach ( $a['sizes'] as $name => $size ) {
				$sizes[ $name ] = array(
					'file'      => $size['file'],
					'width'     => (int) $size['width'],
					'height'    => (int) $size['height'],
					'mime-type' => $size['mime_type'],
					'filesize'  => (int) $size['filesize'],
				);
			}
			// A focal point is an extra key of the attachment metadata, which REST's media_details
			// passes through as stored.
			$focal = isset( $a['focal_point'] ) ? array( 'focal_point' => array( 'x' => (float) $a['focal_point']['x'], 'y' => (float) $a['focal_point']['y'] ) ) : array();
			wp_update_attachment_metadata(
				$id,
				$focal + array(
					'width'      => (int) $a['width'],
					'height'     => (int) $a['height'],
					'file'       => $a['file'],
					'filesize'   => (int) $a['filesize'],
					'sizes'      => $sizes,
					'image_meta' => array(
						'aperture'          => '0',
						'credit'            => '',
						'camera'            => '',
						'caption'           => '',
						'created_timestamp' => '0',
						'copyright'         => '',
						'focal_length'      => '0',
						'iso'               => '0',
						'shutter_speed'     => '0',
						'title'             => '',
						'orientation'       => '0',
						'keywords'          => array(),
					),
				)
			);
		}
		foreach ( $post['meta'] as $key => $value ) {
			if ( null === $value || array() === $value || '' === $value || 0 === $value ) {
				continue; // Registered meta answers its default when unset.
			}
			update_post_meta( $id, $key, $value );
		}
		if ( $post['featured_media'] ) {
			update_post_meta( $id, '_thumbnail_id', (int) $post['featured_media'] );
		}
		foreach ( $post['terms'] as $taxonomy => $terms ) {
			$mapped = array_map( static fn( $t ) => $term_ids[ (int) $t ] ?? (int) $t, $terms );
			wp_set_object_terms( $id, $mapped, $taxonomy );
		}
		if ( $pll ) {
			pll_set_post_language( $id, $post['lang'] );
		}
		fc_set_dates( $id, $post['date'], $post['modified'], $args['guid'] );
	}

	// Menus: nav_menu terms continue the term sequence; items are posts with their demo ids.
	$locations = array();
	$items     = array();
	foreach ( $data['menus'] as $menu ) {
		$menu_id = wp_create_nav_menu( $menu['name'] );
		if ( is_wp_error( $menu_id ) ) {
			fc_fail( "menu {$menu['name']}: " . $menu_id->get_error_message() );
		}
		$term_ids[ (int) $menu['id'] ]   = (int) $menu_id;
		$locations[ $menu['location'] ] = (int) $menu_id;
		foreach ( $menu['items'] as $item ) {
			$items[] = array( (int) $menu_id, $item );
		}
	}
	usort( $items, static fn( $a, $b ) => $a[1]['id'] <=> $b[1]['id'] );
	foreach ( $items as list( $menu_id, $item ) ) {
		// A placeholder with the demo's id, which wp_update_nav_menu_item then fills in.
		$placeholder = wp_insert_post(
			array(
				'import_id'   => (int) $item['id'],
				'post_type'   => 'nav_menu_item',
				'post_status' => 'draft',
				'post_title'  => $item['title'],
				'post_name'   => (string) $item['id'],
			),
			true
		);
		if ( is_wp_error( $placeholder ) ) {
			fc_fail( "menu item {$item['id']}: " . $placeholder->get_error_message() );
		}
		$page = 'page' === $item['kind'];
		$id   = wp_update_nav_menu_item(
			$menu_id,
			(int) $placeholder,
			array(
				'menu-item-title'     => $item['title'],
				'menu-item-url'       => $page ? '' : $fill( $item['url'] ),
				'menu-item-object'    => $page ? 'page' : 'custom',
				'menu-item-object-id' => $page ? (int) $item['object_id'] : 0,
				'menu-item-type'      => $page ? 'post_type' : 'custom',
				'menu-item-parent-id' => (int) $item['parent'],
				'menu-item-position'  => (int) $item['menu_order'],
				'menu-item-target'    => $item['target'],
				'menu-item-status'    => 'publish',
			)
		);
		if ( is_wp_error( $id ) ) {
			fc_fail( "menu item {$item['id']}: " . $id->get_error_message() );
		}
		$note( (int) $item['id'], (int) $id );
		fc_set_dates( (int) $id, $item['date'], $item['date'] );
	}
	set_theme_mod( 'nav_menu_locations', $locations );

	update_option( 'show_on_front', 'page' );
	update_option( 'page_on_front', (int) ( $ids[ $data['front_page']['en'] ] ?? $data['front_page']['en'] ) );
	update_option( 'page_for_posts', 0 );

	// Translation groups last: Polylang keeps them as terms, which must not take the ids above.
	foreach ( $data['terms'] as $term ) {
		if ( $pll && count( $term['translations'] ) > 1 && (int) $term['id'] === min( $term['translations'] ) ) {
			pll_save_term_translations( array_map( static fn( $t ) => $term_ids[ (int) $t ] ?? (int) $t, $term['translations'] ) );
		}
	}
	foreach ( $data['posts'] as $post ) {
		if ( $pll && count( $post['translations'] ) > 1 && (int) $post['id'] === min( $post['translations'] ) ) {
			pll_save_post_translations( array_map( static fn( $p ) => $ids[ (int) $p ] ?? (int) $p, $post['translations'] ) );
		}
	}

	wp_defer_term_counting( false );
	$wpdb->query( 'COMMIT' );
	foreach ( array( 'product_categories', 'product_colors' ) as $taxonomy ) {
		$tt_ids = get_terms( array( 'taxonomy' => $taxonomy, 'hide_empty' => false, 'fields' => 'tt_ids' ) );
		wp_update_term_count_now( $tt_ids, $taxonomy );
	}
	flush_rewrite_rules( false );
	wp_cache_flush();

	$term_moves = array();
	foreach ( $term_ids as $wanted => $got ) {
		if ( $wanted !== $got ) {
			$term_moves[] = array( $wanted, $got );
		}
	}
	return array(
		'posts' => count( $data['posts'] ),
		'terms' => count( $data['terms'] ),
		'menus' => count( $data['menus'] ),
		'moved' => $moved,
		'moved_terms' => $term_moves,
		'ids'   => (object) $ids,
		'term_ids' => (object) $term_ids,
	);
}

/** post_date and post_modified as the export says (wp_insert_post sets modified to now). */
function fc_set_dates( int $id, string $date, string $modified, ?string $guid = null ): void {
	global $wpdb;
	$date     = str_replace( 'T', ' ', $date );
	$modified = str_replace( 'T', ' ', $modified );
	$status   = get_post_status( $id );
	$fields = array(
			'post_date'         => $date,
			'post_date_gmt'     => in_array( $status, array( 'draft', 'pending', 'auto-draft' ), true ) ? '0000-00-00 00:00:00' : get_gmt_from_date( $date ),
			'post_modified'     => $modified,
			'post_modified_gmt' => get_gmt_from_date( $modified ),
	);
	if ( null !== $guid ) {
		$fields['guid'] = $guid; // as WordPress writes it: unescaped (wp_insert_post would kses it)
	}
	$wpdb->update( $wpdb->posts, $fields, array( 'ID' => $id ) );
	clean_post_cache( $id );
}
