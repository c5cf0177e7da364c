<?php
/**
 * Who may do what (docs/decisions/0020-roles-fit-the-work.md).
 * Editors and Administrators edit the whole catalogue (every post type, the categories and
 * colours, menus, the front page). Authors write products: their own, as they do posts
 * (WordPress's `post` capabilities), assign categories and colours to them, and choose any
 * published designer, collection, exclusive and related product for them — reading what is
 * published needs no capability, so the editing screens search it in REST's `view` context and
 * Authors get nothing more. The other post types (collections, exclusives, designers, projects,
 * imagemaps) use the `catalogue_item` capabilities, which only Editors and Administrators hold.
 * The site's read-only account is a Subscriber: it reads what is published, as an anonymous
 * visitor does, and nothing else (drafts, private items and every write answer 401/403 to it).
 *
 * Editors also get `edit_theme_options`, for Appearance → Menus (the site's header and footer are
 * editorial: a new collection, a renamed category). It opens the Customizer and Widgets too,
 * which in this headless WordPress change nothing the site shows: the site title, the front page
 * and the site icon there still need `manage_options`. uninstall.php takes back what was granted.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Roles {

	const CAPABILITY_TYPE = array( 'catalogue_item', 'catalogue_items' );

	/** Bumped when the capabilities below change: the roles are brought up to date once. */
	const VERSION        = 2;
	const VERSION_OPTION = 'fc_catalogue_roles';

	/** Whether Editors had `edit_theme_options` before the plugin (then uninstalling leaves it). */
	const EDITOR_HAD_OPTION = 'fc_catalogue_editor_had_theme_options';

	/** The primitive capabilities of the `catalogue_item` type (map_meta_cap maps the rest onto them). */
	public static function capabilities(): array {
		$caps = array();
		foreach ( array( 'edit', 'edit_others', 'publish', 'read_private', 'delete', 'delete_private', 'delete_published', 'delete_others', 'edit_private', 'edit_published' ) as $verb ) {
			$caps[] = "{$verb}_catalogue_items";
		}
		return $caps;
	}

	/**
	 * What Editors get besides: the menus (Appearance → Menus and the menu REST routes ask for
	 * `edit_theme_options`, which WordPress gives Administrators only; it also opens the
	 * Customizer and widgets to them).
	 */
	const EDITOR_EXTRAS = array( 'edit_theme_options' );

	/** Roles that edit the whole catalogue. */
	public static function roles(): array {
		return array( 'administrator', 'editor' );
	}

	public static function init(): void {
		// Activation grants them; this also covers a site where the plugin was copied in place
		// (or is loaded as a must-use plugin) without an activation.
		add_action( 'init', array( __CLASS__, 'ensure' ), 6 );
	}

	public static function ensure(): void {
		if ( (int) get_option( self::VERSION_OPTION ) !== self::VERSION ) {
			self::grant();
		}
	}

	public static function grant(): void {
		$editor = get_role( 'editor' );
		if ( $editor && false === get_option( self::EDITOR_HAD_OPTION ) && (int) get_option( self::VERSION_OPTION ) === 0 ) {
			update_option( self::EDITOR_HAD_OPTION, $editor->has_cap( 'edit_theme_options' ) ? 1 : 0, false );
		}
		foreach ( self::roles() as $name ) {
			$role = get_role( $name );
			if ( ! $role ) {
				continue;
			}
			foreach ( array_merge( self::capabilities(), 'editor' === $name ? self::EDITOR_EXTRAS : array() ) as $cap ) {
				$role->add_cap( $cap );
			}
		}
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/** Takes back what grant() gave (uninstall.php). */
	public static function revoke(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( self::capabilities() as $cap ) {
				$role->remove_cap( $cap );
			}
		}
		$editor = get_role( 'editor' );
		if ( $editor && ! get_option( self::EDITOR_HAD_OPTION ) ) {
			foreach ( self::EDITOR_EXTRAS as $cap ) {
				$editor->remove_cap( $cap );
			}
		}
		delete_option( self::VERSION_OPTION );
		delete_option( self::EDITOR_HAD_OPTION );
	}
}
